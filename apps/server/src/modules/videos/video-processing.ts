import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { JobHandler } from '../../lib/jobs.js';
import {
  makePoster,
  mediaTools,
  ToolFailedError,
  ToolOverBudgetError,
  transcodeForPhones,
  type MediaTools,
} from '../../media/ffmpeg.js';
import { quickBudget, transcodeBudget, videoRefusal } from '../../media/ffmpeg-fence.js';
import { probeVideo } from '../../media/video-probe.js';
import type { MediaStore } from '../../media/media-store.js';
import { publishVideo } from '../channels/channels.service.js';
import { announceNotifications } from '../notifications/notifications.service.js';
import { originalStoreKey, videoDirs, type VideoDirs } from './video-files.js';
import type { VideoJobPayload } from './videos.service.js';
import * as q from './videos.queries.js';

/** Part of every file name: new encoding settings give new names, so immutable cached copies never go stale. */
const PIPELINE_VERSION = 'video-v1';
/** The owner's progress bar is written at most this often. */
const PROGRESS_EVERY_MS = 1000;
/**
 * Errors of the machine, not of the file: the job is tried again later. (Out of memory is the file's: ffmpeg
 * runs within VIDEO_MEMORY_MB.)
 */
const MACHINE_TROUBLE = /No space left|Resource temporarily unavailable|Too many open files/i;

/**
 * The media store has no original for a video still processing. Thrown, so the job system tries again with
 * its backoff (5 runs over about 4 minutes) before the video ends as 'error': a store that answers wrong for a
 * while must not fail an upload for good.
 */
class OriginalMissingError extends Error {}

/**
 * The keys of a processed video in the media store: `videos/ab/abcd….mp4` and `…-poster.webp`, named by its
 * content and its owner (`owner`: the video's id), so two videos made of the same upload never share files
 * that deleting one would take from the other.
 */
async function processedVideoKeys(file: string, owner: string): Promise<{ video: string; poster: string }> {
  const hash = crypto.createHash('sha256').update(`${PIPELINE_VERSION}\n${owner}\n`);
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const hex = hash.digest('hex').slice(0, 32);
  const key = `videos/${hex.slice(0, 2)}/${hex}`;
  return { video: `${key}.mp4`, poster: `${key}-poster.webp` };
}

/** Stores a made MP4 (moved, not copied) and its poster under content-hashed keys; both or neither. */
export async function storeProcessedVideo(media: MediaStore, mp4: string, poster: Buffer, owner: string) {
  const keys = await processedVideoKeys(mp4, owner);
  const sizeBytes = (await fs.stat(mp4)).size;
  await media.put(keys.poster, poster);
  await media.putFile(keys.video, mp4).catch(async (error: unknown) => {
    await media.remove(keys.poster);
    throw error;
  });
  return { ...keys, sizeBytes };
}

/** Calls `write` with whole percentages, at most once a second, never past 99 (100 is the publish). */
function progressWriter(write: (progress: number) => Promise<unknown>, log: Pick<FastifyBaseLogger, 'warn'>) {
  let last = -1;
  let lastAt = 0;
  return (fraction: number) => {
    const progress = Math.min(99, Math.floor(fraction * 100));
    if (progress <= last || Date.now() - lastAt < PROGRESS_EVERY_MS) return;
    last = progress;
    lastAt = Date.now();
    write(progress).catch((error: unknown) => log.warn({ err: error }, 'video progress not saved'));
  };
}

const PID_FILE = 'ffmpeg.pid';

/**
 * An app killed mid-job (kill -9) leaves its ffmpeg running: the next run of the job stops it before starting
 * over, rather than share two cores with it. Only a process whose command line names this work folder.
 */
async function stopLeftoverFfmpeg(work: string): Promise<void> {
  const pid = Number(await fs.readFile(path.join(work, PID_FILE), 'utf8').catch(() => ''));
  if (!pid) return;
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes(work)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

interface ProcessingContext extends Pick<
  AppContext,
  'db' | 'media' | 'realtime' | 'config' | 'pendingCounts' | 'pushJobs'
> {
  log: FastifyBaseLogger;
}

/**
 * The processing job of an uploaded video: probe, transcode for phones with progress, poster, store,
 * publish (which notifies the subscribers, announced after its commit), and only then drop the original.
 * A file ffmpeg cannot decode ends as 'error' at once, its original removed; trouble of the machine retries.
 */
export function videoProcessingJob(ctx: ProcessingContext): JobHandler<VideoJobPayload> {
  const dirs: VideoDirs = videoDirs(ctx.config);

  async function fail(videoId: string, originalKey: string | null, reason: string) {
    ctx.log.warn({ videoId, reason }, 'video could not be processed');
    await q.markVideoFailed(ctx.db, videoId);
    if (originalKey) await ctx.media.remove(originalStoreKey(originalKey));
  }

  /** Publishes the video; answers why not when the file is refused (undefined once done). */
  async function makePlayable(
    tools: MediaTools,
    videoId: string,
    original: string,
    work: string,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const quick = { signal, budget: quickBudget(ctx.config) };
    const probe = await probeVideo(tools, original, quick);
    if (!probe) return 'no video stream';
    // Checked at upload already; again here for videos queued before a limit was lowered.
    const refusal = videoRefusal(probe, ctx.config);
    if (refusal) return `refused by the fence: ${refusal}`;
    const mp4 = path.join(work, 'video.mp4');
    const size = await transcodeForPhones(tools, original, mp4, probe, {
      signal,
      budget: transcodeBudget(probe.duration || ctx.config.videoMaxDurationSeconds, ctx.config),
      maxSeconds: ctx.config.videoMaxDurationSeconds,
      onSpawn: (pid) => void fs.writeFile(path.join(work, PID_FILE), String(pid)).catch(() => undefined),
      onProgress: progressWriter((progress) => q.setVideoProgress(ctx.db, videoId, progress), ctx.log),
    });
    const made = await probeVideo(tools, mp4, quick);
    const duration = made?.duration || probe.duration;
    const poster = await makePoster(tools, mp4, duration, quick);
    signal.throwIfAborted();
    const stored = await storeProcessedVideo(ctx.media, mp4, poster, `video-${videoId}`);
    const notified = await publishVideo(ctx.db, videoId, {
      videoKey: stored.video,
      posterKey: stored.poster,
      duration: Math.round(duration * 10) / 10,
      width: size.width,
      height: size.height,
      sizeBytes: stored.sizeBytes,
    });
    const published = await q.findVideoFiles(ctx.db, videoId);
    if (published?.video_key !== stored.video) {
      // Deleted while it was processing: its files have nobody to show them to.
      await Promise.all([ctx.media.remove(stored.video), ctx.media.remove(stored.poster)]);
      return undefined;
    }
    await announceNotifications(ctx, notified);
    return undefined;
  }

  return {
    async run({ videoId }, job) {
      const video = await q.findVideoToProcess(ctx.db, videoId);
      // Deleted, or already done by an earlier run that stopped just before marking its job.
      if (!video || video.state !== 'procesando') return;
      if (!video.original_key) return fail(videoId, null, 'no original');
      const tools = await mediaTools(ctx.config, ctx.log);
      const work = path.join(dirs.work, `job-${job.id}`);
      await stopLeftoverFfmpeg(work);
      await fs.rm(work, { recursive: true, force: true });
      await fs.mkdir(work, { recursive: true });
      try {
        // Any instance may run the job: the original comes from the shared store into this one's work folder.
        const stored = await ctx.media.open(originalStoreKey(video.original_key));
        if (!stored) throw new OriginalMissingError(`original ${video.original_key} not in the media store`);
        const original = path.join(work, 'original');
        await pipeline(stored, createWriteStream(original), { signal: job.signal });
        const refused = await makePlayable(tools, videoId, original, work, job.signal);
        if (refused) return await fail(videoId, video.original_key, refused);
        await ctx.media.remove(originalStoreKey(video.original_key));
      } catch (error) {
        if (job.signal.aborted || error instanceof OriginalMissingError) throw error;
        // Over its time or CPU budget: a file that costs that much once would cost it again.
        if (error instanceof ToolOverBudgetError)
          return await fail(videoId, video.original_key, error.message);
        if (error instanceof ToolFailedError && !MACHINE_TROUBLE.test(error.stderrTail)) {
          return await fail(videoId, video.original_key, error.message);
        }
        throw error;
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
    async giveUp({ videoId }, reason) {
      const video = await q.findVideoToProcess(ctx.db, videoId);
      if (video?.state === 'procesando') await fail(videoId, video.original_key, reason);
    },
  };
}
