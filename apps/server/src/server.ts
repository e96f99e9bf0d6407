import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { deleteExpiredSessions } from './modules/accounts/sessions.queries.js';
import { seedDemo } from './seed/seed.js';

/** Expired sessions are refused at once; this only keeps the table small. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** Opens the database, migrates it and builds the app; `close` releases everything. */
export async function createServer(
  config: Config,
  options: { pgliteDir?: string | undefined } = {},
): Promise<RunningServer> {
  const db = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pgdata'),
  });
  await migrateToLatest(db);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 })
    : undefined;
  const { app, ctx } = await buildApp({ config, db, redis });
  if (config.seedDemo) {
    // The product works without its demo content: a failed seed is logged, not fatal.
    await seedDemo({ ...ctx, log: app.log }).catch((error: unknown) =>
      app.log.error({ err: error }, 'demo seed failed'),
    );
  }
  const sweeper = setInterval(() => {
    deleteExpiredSessions(db).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_MS).unref();
  return {
    app,
    db,
    async close() {
      clearInterval(sweeper);
      await app.close();
      await db.destroy();
      redis?.disconnect();
    },
  };
}
