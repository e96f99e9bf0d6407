import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { WallPost } from '@nomadas/shared/schemas';
import type { ApiAnswer, TestServer } from './harness.js';

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** EXIF orientation to write (6 = rotate 90° clockwise when shown). */
  orientation?: number;
  /** Camera and GPS EXIF blocks, as a phone writes them. */
  withGps?: boolean;
}

/** A JPEG of its own: a unique EXIF description makes every call a different file (different stored names). */
export async function makePhoto(options: PhotoOptions = {}): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = crypto.randomBytes(3);
  const exif: Record<string, Record<string, string>> = {
    IFD0: {
      ImageDescription: `foto ${crypto.randomUUID()}`,
      ...(options.withGps ? { Make: 'FurgoCam', Model: 'Ruta 1' } : {}),
    },
  };
  if (options.withGps) {
    exif.IFD3 = {
      GPSLatitudeRef: 'N',
      GPSLatitude: '42/1 52/1 30/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '8/1 32/1 40/1',
    };
  }
  return sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r, g, b },
    },
  })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: options.orientation ?? 1 })
    .withExif(exif)
    .toBuffer();
}

export interface UploadOptions {
  text?: string;
  image?: Buffer | null;
  filename?: string;
  contentType?: string;
  /** A map place's urlpoint (modules/map). */
  lugar?: string;
  headers?: Record<string, string>;
}

/** POST /api/post/create as the browser sends it: multipart `media` + `text`. */
export async function uploadPost(
  t: TestServer,
  token: string | undefined,
  options: UploadOptions = {},
): Promise<ApiAnswer> {
  const form = new FormData();
  if (options.text !== undefined) form.append('text', options.text);
  if (options.lugar !== undefined) form.append('lugar', options.lugar);
  const image = options.image === undefined ? await makePhoto() : options.image;
  if (image !== null) {
    const blob = new Blob([new Uint8Array(image)], { type: options.contentType ?? 'image/jpeg' });
    form.append('media', blob, options.filename ?? 'foto.jpg');
  }
  return t.post('/api/post/create', { token, form, ...(options.headers && { headers: options.headers }) });
}

/** A post by `author`, through the real upload call. */
export async function createPost(
  t: TestServer,
  author: { token: string },
  options: UploadOptions = {},
): Promise<WallPost> {
  const answer = await uploadPost(t, author.token, { text: 'Atardecer en la Costa da Morte', ...options });
  if (answer.body?.state !== 'OK')
    throw new Error(`post create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as WallPost;
}

/** A post's database id, as the wall's `b` and `a` carry it. */
export async function postIdOf(t: TestServer, post: { url: string }): Promise<string> {
  const row = await t.db
    .selectFrom('posts')
    .select('id')
    .where('url', '=', post.url)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every file under MEDIA_DIR, relative paths, sorted. */
export async function listMediaFiles(t: TestServer): Promise<string[]> {
  const root = t.config.mediaDir;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** GET a media URL and answer its bytes. */
export async function fetchMedia(
  t: TestServer,
  url: string,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(`${t.baseUrl}${url}`);
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}
