import type { VideoState } from '@nomadas/shared';
import type { Db } from '../../db/database.js';

/** Names in the channel that are `base` or `base-…`, to pick the next free one. */
export async function namesLike(db: Db, channelId: string, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('videos')
    .select('name')
    .where('channel_id', '=', channelId)
    .where((eb) => eb.or([eb('name', '=', base), eb('name', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.name));
}

export interface UploadedVideo {
  channelId: string;
  title: string;
  /** The tus upload's id, which also names the original file until processing succeeds. */
  uploadId: string;
  uploadBytes: number;
  originalName: string;
}

/** A video that was just uploaded: 'procesando' until its job publishes it. */
export async function insertUploadedVideo(db: Db, video: UploadedVideo & { name: string }): Promise<string> {
  const row = await db
    .insertInto('videos')
    .values({
      channel_id: video.channelId,
      name: video.name,
      title: video.title,
      original_key: video.uploadId,
      original_name: video.originalName,
      upload_id: video.uploadId,
      upload_bytes: video.uploadBytes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countVideosInState(db: Db, channelId: string, state: VideoState): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('channel_id', '=', channelId)
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findVideoToProcess(db: Db, videoId: string) {
  return db
    .selectFrom('videos')
    .select(['id', 'state', 'original_key'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

/** The owner's progress bar; only while the video is still processing. */
export function setVideoProgress(db: Db, videoId: string, progress: number) {
  return db
    .updateTable('videos')
    .set({ progress })
    .where('id', '=', videoId)
    .where('state', '=', 'procesando')
    .execute();
}

/** The upload could not be made into a video: the owner sees 'error'; its original is gone. */
export function markVideoFailed(db: Db, videoId: string) {
  return db
    .updateTable('videos')
    .set({ state: 'error', original_key: null })
    .where('id', '=', videoId)
    .where('state', '=', 'procesando')
    .execute();
}

/** The video's files, once published (to tell a publish from a video deleted meanwhile). */
export function findVideoFiles(db: Db, videoId: string) {
  return db
    .selectFrom('videos')
    .select(['video_key', 'poster_key'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

/** Whether a video still waits for this original (one that none does was left behind by a crash). */
export async function isOriginalInUse(db: Db, originalKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('videos')
    .select('id')
    // An upload's original is named by its upload id: found through that column's index.
    .where('upload_id', '=', originalKey)
    .where('original_key', '=', originalKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The video that a finished upload of this owner became, with the upload's length; none if deleted since. */
export function findVideoOfUpload(db: Db, uploadId: string, ownerId: string) {
  return db
    .selectFrom('videos as v')
    .innerJoin('channels as c', 'c.id', 'v.channel_id')
    .select(['v.name', 'v.upload_bytes'])
    .where('v.upload_id', '=', uploadId)
    .where('c.owner_id', '=', ownerId)
    .executeTakeFirst();
}
