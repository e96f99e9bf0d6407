import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import * as q from './jobs.queries.js';

/** One run of a job, as its handler sees it. */
export interface JobRun {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the worker stops (shutdown) or the job's lease was lost: stop at once, nothing is lost. */
  signal: AbortSignal;
}

export interface JobHandler<Payload = any> {
  /** Does the work; throwing retries it later, with backoff, up to `maxAttempts` runs. */
  run(payload: Payload, job: JobRun): Promise<void>;
  /**
   * The job gave up, its attempts used up: leave its outcome visible. (A handler that knows running again
   * cannot help settles the outcome itself and returns.)
   */
  giveUp?(payload: Payload, reason: string): Promise<void>;
}

export interface JobQueue {
  /** Handles jobs of `kind` on this instance; before `start`. */
  register<Payload>(kind: string, handler: JobHandler<Payload>): void;
  /** Looks for due jobs now (call after the commit that enqueued one). */
  wake(): void;
  start(): void;
  /** Aborts running jobs, leaves them due again and waits for their handlers to return. */
  stop(): Promise<void>;
}

/**
 * Adds a job in `db`, which may be a transaction: the job then exists exactly when the transaction commits.
 * Call the queue's `wake()` after the commit to run it at once on this instance.
 */
export function enqueueJob(
  db: Db,
  kind: string,
  payload: unknown,
  options?: q.NewJobOptions,
): Promise<string> {
  return q.insertJob(db, kind, payload, options);
}

export interface JobQueueOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often to look for due jobs when not woken (retries, jobs enqueued by other instances). */
  pollMs: number;
  /** Jobs run at once on this instance. */
  concurrency?: number;
  /**
   * A claimed job belongs to its worker this long, renewed every third of it while it runs: a worker killed
   * mid-job (kill -9, power cut) leaves the job to run again once this has passed.
   */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** Seconds before run `attempts + 1` (default 15 s, doubling, at most 10 min). */
  retryDelaySeconds?: (attempts: number) => number;
}

const defaultRetryDelay = (attempts: number) => Math.min(15 * 2 ** (attempts - 1), 600);
/** How long `stop` waits for a handler to notice its abort before letting it go. */
const STOP_WAIT_MS = 5_000;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Durable background work on the `jobs` table, which PGlite and PostgreSQL both serve (DESIGN.md §6):
 * several workers and instances share it through FOR UPDATE SKIP LOCKED and leases.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log, pollMs } = options;
  const concurrency = options.concurrency ?? 1;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelay = options.retryDelaySeconds ?? defaultRetryDelay;
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, AbortController>();
  const sleepers = new Set<() => void>();
  let woken = false;
  let stopped = true;
  let loops: Promise<void>[] = [];

  function idle(): Promise<void> {
    // A stop that came while this worker was claiming: no sleep (stop woke only those already asleep).
    if (stopped) return Promise.resolve();
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs).unref();
      sleepers.add(done);
    });
  }

  async function finish(job: q.ClaimedJob, handler: JobHandler, error: unknown, signal: AbortSignal) {
    if (signal.aborted && stopped) {
      log.info({ jobId: job.id, kind: job.kind }, 'job interrupted by shutdown: due again');
      await q.releaseJob(db, job);
      return;
    }
    if (signal.aborted) return; // the lease was lost: whoever holds the job now decides
    const reason = errorText(error);
    if (job.attempts >= maxAttempts) {
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, reason }, 'job failed for good');
      await handler.giveUp?.(job.payload, reason);
      await q.markJobFailed(db, job, reason);
    } else {
      const delay = retryDelay(job.attempts);
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, delay, reason },
        'job failed: retrying',
      );
      await q.scheduleJobRetry(db, job, reason, delay);
    }
  }

  async function runJob(job: q.ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const controller = new AbortController();
    const heartbeat = setInterval(
      () => {
        q.extendLease(db, job, leaseSeconds).then(
          (kept) => {
            if (!kept) {
              log.warn({ jobId: job.id, kind: job.kind }, 'job lease lost: stopping this run');
              controller.abort(new Error('lease lost'));
            }
          },
          (error: unknown) => log.warn({ err: error, jobId: job.id }, 'job lease not renewed'),
        );
      },
      (leaseSeconds * 1000) / 3,
    ).unref();
    running.set(job.id, controller);
    try {
      await handler.run(job.payload, { id: job.id, attempt: job.attempts, signal: controller.signal });
      await q.markJobDone(db, job);
    } catch (error) {
      await finish(job, handler, error, controller.signal);
    } finally {
      clearInterval(heartbeat);
      running.delete(job.id);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const job = await q.claimDueJob(db, [...handlers.keys()], leaseSeconds);
        if (job) await runJob(job);
        else await idle();
      } catch (error) {
        log.error({ err: error }, 'job worker pass failed');
        if (!stopped) await idle();
      }
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    wake() {
      woken = true;
      for (const wakeUp of [...sleepers]) wakeUp();
    },
    start() {
      if (!stopped || handlers.size === 0) return;
      stopped = false;
      loops = Array.from({ length: concurrency }, loop);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const controller of running.values()) controller.abort(new Error('shutting down'));
      for (const wakeUp of [...sleepers]) wakeUp();
      await Promise.race([
        Promise.all(loops),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
      ]);
    },
  };
}
