import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';

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
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }) : undefined;
  const { app } = await buildApp({ config, db, redis });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
      redis?.disconnect();
    },
  };
}
