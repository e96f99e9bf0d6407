import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { enqueueJob } from '../../lib/jobs.js';
import { asciiWords, hyphenate } from '../../lib/slug.js';
import * as q from './videos.queries.js';

/** The job that makes an uploaded video playable (video-processing.ts). */
export const VIDEO_JOB = 'video.process';
export interface VideoJobPayload {
  videoId: string;
}

const NAME_MAX = 80;

/** 'Ruta por los Picos de Europa' → 'ruta-por-los-picos-de-europa' (→ /canales/{canal}/{name}). */
export function videoNameBase(title: string): string {
  return hyphenate(asciiWords(title), NAME_MAX) || 'video';
}

/** `base`, or else the first free `base-2`, `base-3`… */
export function firstFreeName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A finished upload becomes a video in one transaction: its row ('procesando', a readable name unique in
 * the channel) and its processing job exist together or not at all. Wake the job queue after this returns.
 */
export async function createUploadedVideo(
  db: Db,
  { ownerId, ...upload }: q.UploadedVideo & { ownerId: string },
): Promise<{ id: string; name: string }> {
  const base = videoNameBase(upload.title);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const name = firstFreeName(base, await q.namesLike(trx, upload.channelId, base));
        const id = await q.insertUploadedVideo(trx, { ...upload, name });
        // In its owner's lane: one user's videos process one at a time, taking turns with everyone's.
        await enqueueJob(trx, VIDEO_JOB, { videoId: id } satisfies VideoJobPayload, {
          lane: `user:${ownerId}`,
        });
        return { id, name };
      });
    } catch (error) {
      // Two uploads of the same title in the same instant: the loser takes the next name.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * A finished upload of this owner, asked about again (HEAD) because the answer to its last PATCH was lost:
 * the video it became and the upload's length, or undefined when there is none (never finished, or deleted).
 */
export async function findFinishedUpload(
  db: Db,
  uploadId: string,
  ownerId: string,
): Promise<{ video: string; bytes: string } | undefined> {
  const row = await q.findVideoOfUpload(db, uploadId, ownerId);
  return row?.upload_bytes ? { video: row.name, bytes: row.upload_bytes } : undefined;
}

/** The channel's videos waiting for their processing job or in it. */
export function countPendingVideos(db: Db, channelId: string): Promise<number> {
  return q.countVideosInState(db, channelId, 'procesando');
}
