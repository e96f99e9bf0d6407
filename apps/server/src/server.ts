import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { newPoolReads } from './db/postgres-js-pool.js';
import { locateDatabase } from './db/embedded-database.js';
import { deleteOldSentMails } from './mail/outbox.queries.js';
import { deleteExpiredSessions } from './modules/accounts/sessions.queries.js';
import { loadDemo } from './demo.js';
import { grantListedModerators } from './modules/moderation/roles.js';
import { deleteStaleLoginTrust } from './modules/accounts/login-trust.queries.js';
import { TRUST_DAYS } from './modules/accounts/login-trust.js';
import { sweepVideoFiles, videoDirs } from './modules/videos/video-files.js';
import { deleteFinishedJobs } from './lib/jobs.queries.js';
import { PUSH_JOB } from './modules/push/push.queries.js';
import { deleteOldWriteReceipts } from './lib/write-receipts.queries.js';
import { deleteOldVideoViews } from './modules/channels/channel-videos.queries.js';
import { serveMetrics } from './metrics/metrics-server.js';
import type { Clock } from './lib/clock.js';

/** Expired sessions are refused at once and sent mail is done with; this only keeps the tables small. */
const SWEEP_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sent mail is kept this long for "did it go out?" questions. */
const SENT_MAIL_KEPT_DAYS = 30;
/** Finished and failed jobs are kept this long for "what happened to my video?" questions. */
const FINISHED_JOBS_KEPT_DAYS = 30;
/** Sent pushes (a job per message and device) are kept a day. */
const SENT_PUSHES_KEPT_DAYS = 1;
/** A write's Idempotency-Key is answered this long: an offline phone's outbox retries within days. */
const WRITE_RECEIPTS_KEPT_DAYS = 30;

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  ctx: AppContext;
  /** Stops accepting, finishes in-flight requests, closes sockets and stores; once, however often called. */
  close(): Promise<void>;
  /**
   * What SIGTERM does (main.ts): ready answers 503 at once while requests are still served for
   * SHUTDOWN_DRAIN_MS, so the balancer's checks notice and send no more; then `close`.
   */
  shutdown(): Promise<void>;
}

/**
 * First run on an empty database: the demo content (the demo workspace, loaded only now), logged as it goes;
 * a failure is logged, not fatal, and a shutdown (`signal`) stops it within a step.
 */
async function fillDemo(ctx: AppContext, log: FastifyBaseLogger, signal: AbortSignal): Promise<void> {
  ctx.demo.preparing = true;
  log.info('demo seed: preparing demo content in the background (first run only, a minute or two)');
  try {
    const report = await (await loadDemo()).fillDemo({ ...ctx, log, signal });
    if (!report) log.info('demo seed: not needed, the community already has members');
  } catch (error) {
    if (signal.aborted) log.info('demo seed: stopped by the shutdown, it starts again on the next run');
    else log.error({ err: error }, 'demo seed failed');
  } finally {
    ctx.demo.preparing = false;
  }
}

/** Opens the database, migrates it and builds the app; `close` releases everything. */
export async function createServer(
  config: Config,
  options: { pgliteDir?: string | undefined; openDb?: () => Promise<Db>; clock?: Clock } = {},
): Promise<RunningServer> {
  const location = options.openDb ? undefined : await locateDatabase(config, options);
  const embedded = location?.embedded;
  const poolReads = newPoolReads();
  const db = await (
    options.openDb?.() ??
    openDatabase({
      url: location!.url,
      poolSize: config.databasePoolSize,
      prepare: config.databasePrepare,
      pgliteDir: location!.pgliteDir,
      poolReads,
    })
  ).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  await migrateToLatest(db).catch(async (error: unknown) => {
    await db.destroy();
    await embedded?.stop();
    throw error;
  });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 })
    : undefined;
  // PGlite has no pool to count.
  const { app, ctx, metrics } = await buildApp({
    config,
    db,
    redis,
    poolReads: location?.url ? poolReads : undefined,
    clock: options.clock,
  });
  embedded?.useLog(app.log);
  await grantListedModerators({ db, config, log: app.log });
  // The port opens at once; the demo fills in behind it and the wall shows it as it grows.
  const stopSeeding = new AbortController();
  const seeding = config.seedDemo ? fillDemo(ctx, app.log, stopSeeding.signal) : Promise.resolve();
  const sweeper = setInterval(() => {
    Promise.all([
      deleteExpiredSessions(db),
      deleteOldSentMails(db, SENT_MAIL_KEPT_DAYS),
      deleteFinishedJobs(db, FINISHED_JOBS_KEPT_DAYS, { [PUSH_JOB]: SENT_PUSHES_KEPT_DAYS }),
      deleteOldWriteReceipts(db, WRITE_RECEIPTS_KEPT_DAYS),
      deleteStaleLoginTrust(db, new Date(Date.now() - TRUST_DAYS * DAY_MS)),
      sweepVideoFiles(videoDirs(config), config.videoUploadExpiryMs),
      // Yesterday's rows still decide a view just after midnight in another time zone.
      deleteOldVideoViews(db, new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10)),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'sweep failed'));
  }, SWEEP_MS).unref();
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let closing: Promise<void> | undefined;
  let shuttingDown: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(sweeper);
      stopSeeding.abort();
      await seeding;
      await app.close();
      await metricsServer?.close();
      await db.destroy();
      await embedded?.stop();
      redis?.disconnect();
    })());
  const running: RunningServer = {
    app,
    db,
    ctx,
    close,
    shutdown: () =>
      (shuttingDown ??= (async () => {
        ctx.instance.draining = true;
        app.log.info(
          { drainMs: config.shutdownDrainMs },
          'draining: /api/health/ready answers 503, requests are still served',
        );
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        await close();
      })()),
  };
  if (metrics && config.metrics) {
    metricsServer = await serveMetrics(metrics.registry, config.metrics, (error) =>
      app.log.error({ err: error }, 'metrics scrape failed'),
    ).catch(async (error: unknown) => {
      await close();
      throw error;
    });
  }
  return running;
}
