import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths (`posts/ab/abcd…-1440.webp`); the disk store
 * keeps them under MEDIA_DIR and the app serves them at /media/. An S3-compatible bucket can
 * implement the same calls, with `urlFor` pointing at its public host.
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

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`Unsafe media key: ${key}`);
}

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
      return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//') ? key : undefined;
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
