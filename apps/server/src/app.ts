import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { POST_IMAGE_MAX_BYTES, SEARCH_TEXT_MAX } from '@nomadas/shared';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/database.js';
import { answerComponents, answerSerializer } from './http/answers.js';
import { documentRoute } from './http/api-docs.js';
import { registerAuth } from './http/auth.js';
import { loggerOptions } from './http/logging.js';
import { echoRequestIds, requestIdOf } from './http/request-ids.js';
import { createMetrics, type Metrics } from './metrics/registry.js';
import type { PoolReads } from './db/postgres-js-pool.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWriteLimits } from './http/write-limits.js';
import { answerClientError, answerFrameworkError, registerProtocolRefusals } from './http/client-errors.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerNulGuard } from './http/nul-guard.js';
import { createRateLimits } from './http/rate-limits.js';
import { SessionCache } from './http/session-cache.js';
import { createLocalPubSub, createRedisPubSub } from './realtime/pubsub.js';
import { createRealtime } from './realtime/realtime.js';
import { createPendingCounts } from './modules/notifications/pending-counts.js';
import { registerSocketEndpoint } from './realtime/socket-endpoint.routes.js';
import { createMailer } from './mail/mailer.js';
import { createMailOutbox } from './mail/outbox.js';
import { createMediaStore } from './media/create-media-store.js';
import { registerMediaFiles } from './media/serve-media.routes.js';
import { registerBaseMap } from './modules/map/base-map.routes.js';
import { postPageMeta } from './modules/posts/post-page-meta.js';
import { profilePageMeta } from './modules/profiles/profile-page-meta.js';
import { locationPageMeta } from './modules/map/location-page-meta.js';
import { channelPageMeta } from './modules/channels/channel-page-meta.js';
import { wallPageHints } from './modules/posts/wall-page-hints.js';
import { channelPageHints } from './modules/channels/channel-page-hints.js';
import { createSearchAnswers } from './modules/search/search-answers.js';
import { createPlaceSearch } from './modules/search/place-search.js';
import { createMapPoints } from './modules/map/map-points.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createViewerMarks } from './modules/posts/wall/viewer-marks.js';
import { createWallPageCache } from './modules/posts/wall/shared-reads.js';
import { apiRoutes } from './routes.js';
import { createJobQueue } from './lib/jobs.js';
import { videoProcessingJob } from './modules/videos/video-processing.js';
import { VIDEO_JOB } from './modules/videos/videos.service.js';
import { ORIGINAL_CHECK_JOB, originalCheckJob } from './modules/videos/video-originals.js';
import { RECOVERY_JOB, recoveryJob } from './modules/accounts/accounts.service.js';
import { SMALL_THUMBS_JOB, smallThumbsJob } from './modules/posts/small-thumbs.js';
import { PUSH_JOB, pushJob } from './modules/push/push-job.js';
import { LPG_PRICES_JOB, lpgPricesJob, scheduleLpgPrices } from './modules/lpg-prices/lpg-prices.js';
import { loadVapidKeys } from './modules/push/vapid.js';
import { readGuideFile } from './modules/guide/guide-file.js';
import { registerSpa } from './spa/spa.routes.js';

z.config(z.locales.es());

export interface AppDependencies {
  config: Config;
  db: Db;
  redis?: Redis | undefined;
  /** The PostgreSQL pool's waits, for the metrics (none on PGlite). */
  poolReads?: PoolReads | undefined;
  /** The time what ages reads; the system's unless a test passes its own. */
  clock?: Clock | undefined;
}

/** Builds the whole HTTP app: plugins, then app services, then routes (STYLE.md §7). */
export async function buildApp({
  config,
  db,
  redis,
  poolReads,
  clock = systemClock,
}: AppDependencies): Promise<{ app: FastifyInstance; ctx: AppContext; metrics: Metrics | undefined }> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    // The balancer's X-Request-Id (or a new one) is request.id: every log line of the request carries it.
    genReqId: requestIdOf,
    // Fastify refuses a bare hop count (it cannot tell the proxy from a direct client); as a function it
    // counts hops, for an app only the proxies can reach (README "Configuration").
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // A body that trickles in is cut off: 15 MB over a weak roadside link fits in two minutes.
    requestTimeout: 120_000,
    // Path parameters are measured as sent, percent-encoded: a search text of SEARCH_TEXT_MAX characters takes
    // up to 12 each (an emoji is %F0%9F%9A%90). The route schemas limit every parameter in characters.
    routerOptions: { maxParamLength: SEARCH_TEXT_MAX * 12 },
    // Refusals made before routing (bad URL encoding, long parameters, Node parser errors) get the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
  });
  // Before any plugin: an encapsulated plugin (the docs) keeps the error handler it was registered under.
  registerErrorHandler(app);
  registerNulGuard(app);
  echoRequestIds(app);
  registerProtocolRefusals(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schemas under test only (http/answers.ts).
  app.setSerializerCompiler(answerSerializer(config.env === 'test'));

  // The spec's action calls are POSTs with an empty body, which some clients label as JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error('Invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
        undefined,
      );
    }
  });

  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: POST_IMAGE_MAX_BYTES, files: 2, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: '1.0.0' } },
    transform: documentRoute,
    // Answer schemas with an id (WallPost, PostsPage...) become components, referenced by every route.
    transformObject: answerComponents,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const pubsub = redis ? createRedisPubSub(redis, config.redisPrefix) : createLocalPubSub();
  const limits = createRateLimits(
    config.rateLimitFactor,
    redis && { client: redis, prefix: config.redisPrefix },
  );
  const media = await createMediaStore(config);
  const ctx: AppContext = {
    config,
    db,
    clock,
    outbox: createMailOutbox({
      db,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: config.mailOutboxDir,
        log: app.log,
      }),
      log: app.log,
    }),
    limits,
    media: media.store,
    pubsub,
    realtime: createRealtime({ pubsub, db, limits, log: app.log }),
    sessions: new SessionCache(pubsub),
    wallPages: createWallPageCache(config.cacheBytes.wallPages),
    viewerMarks: createViewerMarks(),
    searchAnswers: createSearchAnswers(config.cacheBytes.search),
    placeSearch: createPlaceSearch(db, config.cacheBytes.placeSearch),
    mapPoints: createMapPoints(config.cacheBytes.mapPoints, () => clock.now().getTime()),
    pendingCounts: createPendingCounts(),
    demo: { preparing: false },
    instance: { draining: false, redis },
    // One job at a time per instance: a transcode takes both cores of a small machine.
    jobs: createJobQueue({
      db,
      log: app.log,
      pollMs: config.jobsPollMs,
      leaseSeconds: config.jobsLeaseSeconds,
    }),
    accountJobs: createJobQueue({ db, log: app.log, pollMs: config.jobsPollMs, concurrency: 2 }),
    pushJobs: createJobQueue({ db, log: app.log, pollMs: config.jobsPollMs, concurrency: 2 }),
    vapid: await loadVapidKeys(db),
    guide: await readGuideFile(config.guideFile),
  };
  ctx.jobs.register(VIDEO_JOB, videoProcessingJob({ ...ctx, log: app.log }));
  ctx.jobs.register(ORIGINAL_CHECK_JOB, originalCheckJob(ctx));
  ctx.jobs.register(SMALL_THUMBS_JOB, smallThumbsJob({ ...ctx, log: app.log }));
  ctx.accountJobs.register(RECOVERY_JOB, recoveryJob(ctx));
  ctx.pushJobs.register(PUSH_JOB, pushJob({ ...ctx, log: app.log }));
  // The LPG prices, when a source is configured: its import due now unless a run is already waiting.
  if (config.lpgPrices) {
    ctx.jobs.register(LPG_PRICES_JOB, lpgPricesJob({ ...ctx, log: app.log }, config.lpgPrices));
    await scheduleLpgPrices(ctx);
  }
  await ctx.sessions.start();
  await ctx.realtime.start();
  await ctx.pendingCounts.follow(ctx.realtime.events);
  await ctx.viewerMarks.follow(ctx.realtime.events);
  await ctx.wallPages.follow(ctx.realtime.events);
  await ctx.searchAnswers.follow(ctx.realtime.events);
  await ctx.placeSearch.follow(ctx.realtime.events);
  await ctx.mapPoints.follow(ctx.realtime.events);
  ctx.outbox.start();
  ctx.jobs.start();
  ctx.accountJobs.start();
  ctx.pushJobs.start();
  app.addHook('onClose', async () => {
    // A running transcode is stopped and its job left due, to run again on the next start.
    await ctx.jobs.stop();
    await ctx.accountJobs.stop();
    await ctx.pushJobs.stop();
    await ctx.outbox.stop();
    ctx.realtime.close();
    await pubsub.close();
    media.close();
  });

  const metrics =
    config.metrics &&
    createMetrics({
      db,
      openSockets: () => ctx.realtime.hub.size,
      caches: {
        wall_pages: ctx.wallPages.reads.pages,
        wall_posts: ctx.wallPages.reads.posts,
        sessions: ctx.sessions.reads,
        map_points: ctx.mapPoints.reads,
        search: ctx.searchAnswers.reads,
      },
      redisUp: redis && (() => redis.status === 'ready'),
      pool: poolReads,
    });
  if (metrics) app.addHook('onResponse', metrics.observeRequest);

  registerAuth(app, ctx);
  registerWriteLimits(app, ctx);
  await registerSocketEndpoint(app, ctx);
  await app.register(apiRoutes(ctx), { prefix: '/api' });
  await registerMediaFiles(app, media);
  registerBaseMap(app, config.mapPmtilesFile);
  await registerSpa(
    app,
    ctx,
    path.resolve(config.webDistDir),
    [postPageMeta(ctx), profilePageMeta(ctx), locationPageMeta(ctx), channelPageMeta(ctx)],
    [wallPageHints(ctx), channelPageHints(ctx)],
  );
  return { app, ctx, metrics };
}
