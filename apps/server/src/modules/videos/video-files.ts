import fs from 'node:fs/promises';
import path from 'node:path';
import { FileConfigstore } from '@tus/file-store';
import type { Config } from '../../config.js';

/**
 * The private side of the video pipeline (never served). Uploads in progress are tus's parts under
 * VIDEO_UPLOAD_DIR, shared by every instance so that any of them can take any PATCH; finished originals wait for
 * their job in the media store (`originalStoreKey`); a job's work files stay on its own instance's disk.
 */
export interface VideoDirs {
  /** tus uploads in progress: `{id}` and its `{id}.json`. */
  uploads: string;
  /** One folder per running job, on this instance's DATA_DIR. */
  work: string;
}

export function videoDirs(config: Pick<Config, 'videoUploadDir' | 'dataDir'>): VideoDirs {
  return {
    uploads: path.join(config.videoUploadDir, 'tus'),
    work: path.join(config.dataDir, 'video-work'),
  };
}

/**
 * Where a finished upload waits for its job in the media store, by `videos.original_key` (the tus id). No
 * extension: /media serves only names ending in a media extension (serve-media's SERVED_FILE), so an
 * original is never served from the disk store; in a bucket its key is 128 random bits.
 */
export const originalStoreKey = (originalKey: string) => `originals/${originalKey}`;

/** Written into a tus upload's metadata by the server, never taken from the client: who may resume it. */
export const UPLOAD_OWNER_KEY = 'owner';

export async function createVideoDirs(dirs: VideoDirs): Promise<void> {
  await Promise.all(Object.values(dirs).map((dir) => fs.mkdir(dir, { recursive: true })));
}

/** A job's work folder this old was left by a crash (a job's own is cleared when it runs). */
const LEFTOVER_WORK_MS = 24 * 3600 * 1000;

async function ageOf(file: string): Promise<number> {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat ? Date.now() - stat.mtimeMs : Infinity;
}

/**
 * Leaves nothing behind that nobody will finish: uploads nobody added a byte to for `abandonedMs`
 * (VIDEO_UPLOAD_TTL_MIN; with their .json) and work folders older than a day. (Originals of no video are
 * checked by their own job, video-originals.ts.) Answers how many went.
 */
export async function sweepVideoFiles(dirs: VideoDirs, abandonedMs: number): Promise<number> {
  let removed = 0;
  const remove = async (file: string) => {
    await fs.rm(file, { recursive: true, force: true });
    removed++;
  };
  const uploads = await fs.readdir(dirs.uploads).catch(() => [] as string[]);
  for (const name of uploads) {
    const id = name.replace(/\.json$/, '');
    const data = path.join(dirs.uploads, id);
    // An upload's age is its last written byte; a .json whose data file is gone is a leftover too.
    if ((await ageOf(data)) > abandonedMs && (await ageOf(`${data}.json`)) > abandonedMs) {
      await remove(path.join(dirs.uploads, name));
    }
  }
  const work = await fs.readdir(dirs.work).catch(() => [] as string[]);
  for (const name of work) {
    if ((await ageOf(path.join(dirs.work, name))) > LEFTOVER_WORK_MS)
      await remove(path.join(dirs.work, name));
  }
  return removed;
}

/**
 * Removes `userId`'s uploads in progress (their bytes and their .json), when their account goes: the sweep
 * would otherwise keep them for a day. Answers how many went.
 */
export async function removeUploadsOf(dirs: VideoDirs, userId: string): Promise<number> {
  const uploads = new FileConfigstore(dirs.uploads);
  const names = await fs.readdir(dirs.uploads).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    if ((await uploads.get(id))?.metadata?.[UPLOAD_OWNER_KEY] !== userId) continue;
    await fs.rm(path.join(dirs.uploads, id), { force: true });
    await fs.rm(path.join(dirs.uploads, name), { force: true });
    removed++;
  }
  return removed;
}
