import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { enqueueJob, type JobHandler } from '../../lib/jobs.js';
import { originalStoreKey } from './video-files.js';
import * as q from './videos.queries.js';

/** The job that removes a stored original no video claims. */
export const ORIGINAL_CHECK_JOB = 'video.original-check';
export interface OriginalCheckPayload {
  originalKey: string;
}

/** A finished upload is a video within seconds of its original being stored, or never. */
const CLAIM_WITHIN_MS = 3600 * 1000;

/**
 * Committed before a finished upload's original goes to the media store: an instance that dies between storing it
 * and committing its video leaves a file no video points at. This job, an hour later, removes it unless a
 * video claims it: one row per upload instead of listing the store (a bucket's listing is paged and billed,
 * and would grow MediaStore for this alone).
 */
export function checkOriginalLater(db: Db, originalKey: string): Promise<string> {
  return enqueueJob(db, ORIGINAL_CHECK_JOB, { originalKey } satisfies OriginalCheckPayload, {
    runAt: new Date(Date.now() + CLAIM_WITHIN_MS),
  });
}

export function originalCheckJob(ctx: Pick<AppContext, 'db' | 'media'>): JobHandler<OriginalCheckPayload> {
  return {
    async run({ originalKey }) {
      if (await q.isOriginalInUse(ctx.db, originalKey)) return;
      await ctx.media.remove(originalStoreKey(originalKey));
    },
  };
}
