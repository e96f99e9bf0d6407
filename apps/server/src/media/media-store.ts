import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths (`posts/ab/abcd…-1440.webp`); the disk store
 * keeps them under MEDIA_DIR, the S3 store (s3-media-store.ts) in a bucket; the app serves either at /media/,
 * or browsers load a bucket's files from its public URL (a CDN).
 */
export interface MediaStore {
  /** Stores the whole file or nothing: readers never see a half-written file. */
  put(key: string, body: Buffer): Promise<void>;
  /**
   * Stores a file that is on local disk, taking it over: `sourcePath` is gone afterwards. Never read into
   * memory (a video of hundreds of MB): moved on disk, or streamed to a bucket. Whole file or nothing, like `put`.
   */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The URL browsers load the file from. */
  urlFor(key: string): string;
  /** The key of a URL that `urlFor` made; undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /** Reads a stored file as a stream (the data export); null when there is no such file. */
  open(key: string): Promise<Readable | null>;
}

export const MEDIA_URL_PREFIX = '/media/';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/;

/** A key every store accepts: a relative path that cannot climb out of its folder or bucket prefix. */
export const isSafeKey = (key: string): boolean =>
  SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
}

/** The files /media/ serves, by extension; anything else (originals, `*.tmp`) stays private. */
const SERVED_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  avif: 'image/avif',
  png: 'image/png',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The Content-Type of a key /media/ serves; undefined for a key it never serves. */
export function servedTypeOf(key: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return extension && Object.hasOwn(SERVED_TYPES, extension) ? SERVED_TYPES[extension] : undefined;
}

/** Names are content-hashed or random: a stored file never changes, so copies are kept for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function createDiskMediaStore(rootDir: string): Promise<MediaStore> {
  await fs.mkdir(rootDir, { recursive: true });
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside the target under a temporary name, then renamed: rename is atomic on one file system.
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async putFile(key, sourcePath) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.rename(sourcePath, file);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
      // Another file system: copied beside the target (the kernel copies, not us), then renamed into place.
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.copyFile(sourcePath, temporary);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      await fs.rm(sourcePath, { force: true });
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    urlFor(key) {
      assertSafeKey(key);
      return `${MEDIA_URL_PREFIX}${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return undefined;
      const key = url.slice(MEDIA_URL_PREFIX.length);
      return isSafeKey(key) ? key : undefined;
    },
    async open(key) {
      // Opened before the stream is handed out, so a missing file is a null here, not a stream error later.
      const handle = await fs.open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
  };
}
