import type { OwnProfile, ProfileUpdate } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { unauthorized } from '../../http/errors.js';
import {
  encodeProfileImage,
  putProfileImage,
  removeProfileImage,
  type ProfileImageKind,
} from '../../media/profile-images.js';
import { findUserById } from '../accounts/accounts.queries.js';
import * as q from './own-profile.queries.js';

/** What POST /api/perfil sent, read and validated by the route. */
export interface ProfileUpload {
  /** Undefined: the description is left as it is. */
  description?: string;
  avatar?: Buffer;
  cover?: Buffer;
}

/** GET /api/perfil. */
export async function getOwnProfile(ctx: AppContext, viewer: Viewer): Promise<OwnProfile> {
  const [user, pending] = await Promise.all([
    findUserById(ctx.db, viewer.id),
    q.findPendingEmail(ctx.db, viewer.id),
  ]);
  if (!user) throw unauthorized();
  return {
    username: user.username,
    email: user.email ?? '',
    imgperfil: user.img_profile,
    imgcab: user.img_cover,
    d: user.description,
    email_pendiente: pending,
  };
}

/** Removes the files of images nobody shows any more (after the commit that replaced them). */
export async function releaseProfileImages(ctx: AppContext, urls: string[]): Promise<void> {
  for (const url of urls) {
    if (url && !(await q.isProfileImageInUse(ctx.db, url))) await removeProfileImage(ctx.media, url);
  }
}

/**
 * POST /api/perfil: every image is encoded before any is stored (a bad second file leaves nothing),
 * the new files are stored before the row points at them, and the old ones go after the commit.
 */
export async function updateProfile(
  ctx: AppContext,
  viewer: Viewer,
  upload: ProfileUpload,
): Promise<ProfileUpdate> {
  const images: Array<[ProfileImageKind, Buffer]> = [];
  if (upload.avatar) images.push(['avatar', await encodeProfileImage(upload.avatar, 'avatar')]);
  if (upload.cover) images.push(['cover', await encodeProfileImage(upload.cover, 'cover')]);

  const stored: Partial<Record<ProfileImageKind, string>> = {};
  let replaced: string[];
  let row: Awaited<ReturnType<typeof q.updateProfileFields>>;
  try {
    for (const [kind, body] of images) stored[kind] = await putProfileImage(ctx.media, kind, body);
    ({ row, replaced } = await ctx.db.transaction().execute(async (trx) => {
      const before = await q.lockProfileFields(trx, viewer.id);
      if (!before) throw unauthorized();
      const updated = await q.updateProfileFields(trx, viewer.id, {
        ...(upload.description !== undefined ? { description: upload.description } : {}),
        ...(stored.avatar ? { img_profile: stored.avatar } : {}),
        ...(stored.cover ? { img_cover: stored.cover } : {}),
      });
      const old = [stored.avatar ? before.img_profile : '', stored.cover ? before.img_cover : ''];
      return { row: updated, replaced: old.filter(Boolean) };
    }));
  } catch (error) {
    await Promise.all(Object.values(stored).map((url) => removeProfileImage(ctx.media, url)));
    throw error;
  }
  // Wall pages and search suggestions show the author's picture.
  ctx.realtime.events.announce('account:changed', { userId: viewer.id, what: 'profile' });
  await releaseProfileImages(ctx, replaced);
  return { i: row.img_profile, ic: row.img_cover, d: row.description };
}
