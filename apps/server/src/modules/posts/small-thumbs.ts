import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { enqueueJob, type JobHandler } from '../../lib/jobs.js';
import { deriveSmallThumb, IMAGE_VARIANTS } from '../../media/images.js';
import { selectPostPhotosAfter } from './small-thumbs.queries.js';

/**
 * The one-off job that gives photos stored before the 240 px thumbnail existed their `thumbSmall`. Queued once
 * per database by migration 202611280001-small-thumbs-job (which names this kind), so it runs at the first start
 * after an upgrade, on whichever instance claims it; a store that is a bucket behind a CDN never makes a file on
 * request.
 */
export const SMALL_THUMBS_JOB = 'posts.small-thumbs';
export interface SmallThumbsPayload {
  /** The last post id a previous run looked at; undefined: from the first post. */
  after?: string;
}

/** Posts per run: each run is its own job, so a restart goes on from the last batch, not from the start. */
const BATCH = 200;

export function smallThumbsJob(
  ctx: Pick<AppContext, 'db' | 'media' | 'jobs'> & { log: Pick<FastifyBaseLogger, 'warn'> },
): JobHandler<SmallThumbsPayload> {
  return {
    async run({ after }, { signal }) {
      const posts = await selectPostPhotosAfter(ctx.db, after ?? '0', BATCH);
      for (const { media } of posts) {
        signal.throwIfAborted();
        const existing = await ctx.media.open(`${media}${IMAGE_VARIANTS.thumbSmall}`);
        if (existing) {
          existing.destroy();
          continue;
        }
        // One unreadable photo must not stop the rest: the grid falls back to the 480 px thumbnail for it.
        await deriveSmallThumb(ctx, media).catch((error: unknown) =>
          ctx.log.warn({ err: error, media }, 'small thumbnail not derived'),
        );
      }
      if (posts.length === BATCH) {
        await enqueueJob(ctx.db, SMALL_THUMBS_JOB, { after: posts.at(-1)!.id } satisfies SmallThumbsPayload);
        ctx.jobs.wake();
      }
    },
  };
}
