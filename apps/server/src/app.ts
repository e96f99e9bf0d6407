import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/database.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandler } from './http/error-handler.js';
import { createRateLimits } from './http/rate-limits.js';
import { SessionCache } from './http/session-cache.js';
import { createLocalPubSub, createRedisPubSub } from './realtime/pubsub.js';
import { createMailer } from './mail/mailer.js';
import { createDiskMediaStore } from './media/media-store.js';
import { registerMediaFiles } from './media/serve-media.js';
import { postPageMeta } from './modules/posts/post-page-meta.js';
import { apiRoutes } from './routes.js';
import { registerSpa } from './spa/spa.js';

z.config(z.locales.es());

export interface AppDependencies {
  config: Config;
  db: Db;
  redis?: Redis | undefined;
}

/** Builds the whole HTTP app: plugins, then app services, then routes (STYLE.md §7). */
export async function buildApp({
  config,
  db,
  redis,
}: AppDependencies): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers["api-token"]', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The spec's action calls are POSTs with an empty body, which some clients label as JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.analyticsUrl ? [new URL(config.analyticsUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: 15 * 1024 * 1024, files: 2, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const pubsub = redis ? createRedisPubSub(redis, config.redisPrefix) : createLocalPubSub();
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.mailOutboxDir,
      log: app.log,
    }),
    limits: createRateLimits(config.rateLimitFactor, redis && { client: redis, prefix: config.redisPrefix }),
    media: await createDiskMediaStore(config.mediaDir),
    pubsub,
    sessions: new SessionCache(pubsub),
  };
  await ctx.sessions.start();
  app.addHook('onClose', () => pubsub.close());

  registerErrorHandler(app);
  registerAuth(app, ctx);
  await app.register(apiRoutes(ctx), { prefix: '/api' });
  await registerMediaFiles(app, config.mediaDir);
  await registerSpa(app, ctx, path.resolve(config.webDistDir), [postPageMeta(ctx)]);
  return { app, ctx };
}
