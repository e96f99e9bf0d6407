import fs from 'node:fs/promises';
import path from 'node:path';
import { FileConfigstore } from '@tus/file-store';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { originalsInUse } from './videos.queries.js';

/**
 * The private side of the video pipeline, under VIDEO_UPLOAD_DIR (never served): uploads in progress,
 * finished originals waiting for their job, and the job's work files. One file system, so every move
 * between them is a rename.
 */
export interface VideoDirs {
  /** tus uploads in progress: `{id}` and its `{id}.json`. */
  uploads: string;
  /** Finished uploads, by `videos.original_key`, kept until their job succeeds. */
  originals: string;
  /** One folder per running job. */
  work: string;
}

export function videoDirs(config: Pick<Config, 'videoUploadDir'>): VideoDirs {
  return {
    uploads: path.join(config.videoUploadDir, 'tus'),
    originals: path.join(config.videoUploadDir, 'originals'),
    work: path.join(config.videoUploadDir, 'work'),
  };
}

/** Written into a tus upload's metadata by the server, never taken from the client: who may resume it. */
export const UPLOAD_OWNER_KEY = 'owner';

export async function createVideoDirs(dirs: VideoDirs): Promise<void> {
  await Promise.all(Object.values(dirs).map((dir) => fs.mkdir(dir, { recursive: true })));
}

/** A job's work folder this old was left by a crash (a job's own is cleared when it runs). */
const LEFTOVER_WORK_MS = 24 * 3600 * 1000;
/** An original no video points at this long after it was written was left by a crash between move and commit. */
const ORPHAN_ORIGINAL_MS = 3600 * 1000;

async function ageOf(file: string): Promise<number> {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat ? Date.now() - stat.mtimeMs : Infinity;
}

/**
 * Leaves nothing behind that nobody will finish: uploads nobody added a byte to for `abandonedMs`
 * (VIDEO_UPLOAD_TTL_MIN; with their .json), originals of no video, and work folders older than a day.
 * Answers how many went.
 */
export async function sweepVideoFiles(db: Db, dirs: VideoDirs, abandonedMs: number): Promise<number> {
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
  const originals = await fs.readdir(dirs.originals).catch(() => [] as string[]);
  const inUse = await originalsInUse(db, originals);
  for (const key of originals) {
    if (!inUse.has(key) && (await ageOf(path.join(dirs.originals, key))) > ORPHAN_ORIGINAL_MS) {
      await remove(path.join(dirs.originals, key));
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
