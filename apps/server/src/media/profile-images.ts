import crypto from 'node:crypto';
import { processImage, withImageSlot } from './images.js';
import type { MediaStore } from './media-store.js';

export type ProfileImageKind = 'avatar' | 'cover';

const FOLDER: Record<ProfileImageKind, string> = { avatar: 'avatars', cover: 'covers' };

/**
 * A profile image through the wall's pipeline (decoded, re-encoded, every metadata block dropped): the
 * avatar is its square 480 px crop, the cover its display size (≤ 1440 px). Throws the pipeline's 400
 * for anything that is not an image, before anything is stored.
 */
export async function encodeProfileImage(input: Buffer, kind: ProfileImageKind): Promise<Buffer> {
  const image = await withImageSlot(() => processImage(input));
  return kind === 'avatar' ? image.files.thumb : image.files.display;
}

/**
 * Stores an encoded profile image under a random name and answers its URL. Random rather than by content:
 * each upload is one user's own file, so removing it later can never take someone else's picture.
 */
export async function putProfileImage(
  media: MediaStore,
  kind: ProfileImageKind,
  body: Buffer,
): Promise<string> {
  const name = crypto.randomBytes(16).toString('hex');
  const key = `${FOLDER[kind]}/${name.slice(0, 2)}/${name}.webp`;
  await media.put(key, body);
  return media.urlFor(key);
}

/** Removes a profile image by its URL; URLs that are not our files (or none) are left alone. */
export async function removeProfileImage(media: MediaStore, url: string): Promise<void> {
  const key = url ? media.keyOf(url) : undefined;
  if (key) await media.remove(key);
}
