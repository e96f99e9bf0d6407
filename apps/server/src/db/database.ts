import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, type Dialect } from 'kysely';
import type { Database } from './schema.js';
import { createRecyclingPool, type PoolReads } from './postgres-js-pool.js';
import { postgresTarget } from './postgres-url.js';
import { migrations } from './migrations/index.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string | undefined;
  poolSize?: number;
  /** Named prepared statements per connection (default); false behind PgBouncer in transaction mode. */
  prepare?: boolean;
  /** Folder for PGlite's files; `memory://` keeps everything in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data folder as `dumpDataDir` wrote it, to start from instead of an empty database (tests). */
  pgliteSnapshot?: Blob;
  /** Counters the PostgreSQL pool keeps of its waits (metrics/registry.ts reads them). */
  poolReads?: PoolReads;
}

/**
 * PostgreSQL through postgres.js. With `prepare` it plans each statement once per connection and keeps
 * it for that connection's life (postgres.js re-prepares on its own after a type-changing migration);
 * without it every statement is unnamed, as PgBouncer's transaction mode needs.
 * Rows come back as node-postgres gave them: int8 as strings (exact), timestamps as Date, bytea as Buffer;
 * counts are cast to int in the queries.
 */
async function pgDialect(
  url: string,
  poolSize: number,
  prepare: boolean,
  poolReads?: PoolReads,
): Promise<Dialect> {
  const [{ default: postgres }, { PostgresJSDialect }] = await Promise.all([
    import('postgres'),
    import('kysely-postgres-js'),
  ]);
  // libpq's Unix socket form (`postgresql://user@/db?host=/run/postgresql`) works as it does for psql.
  const target = postgresTarget(url);
  const pool = createRecyclingPool(
    postgres,
    target.url,
    {
      ...(target.socketPath ? { path: target.socketPath } : {}),
      max: poolSize,
      prepare,
      transform: { undefined: null },
      connection: { application_name: 'nomadas' },
      // While PostgreSQL is down or restarting, a request fails within seconds (a 503), never hangs.
      connect_timeout: 5,
      // Notices ("already exists, skipping" from migrations) are not worth a console line.
      onnotice: () => {},
    },
    poolReads,
  );
  return new PostgresJSDialect({ postgres: () => pool });
}

async function pgliteDialect(dir: string, snapshot?: Blob): Promise<Dialect> {
  const [{ PGlite }, { PGliteDialect }, { pgliteExtensions }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-dialect.js'),
    import('./pglite-extensions.js'),
  ]);
  if (!dir.startsWith('memory://')) await fs.mkdir(path.dirname(dir), { recursive: true });
  // int8 as text, exactly as node-postgres answers, so both backends give the same rows.
  const pglite = await PGlite.create(dir, {
    parsers: { 20: (value: string) => value },
    extensions: await pgliteExtensions(),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  return new PGliteDialect(pglite);
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const dialect = options.url
    ? await pgDialect(options.url, options.poolSize ?? 20, options.prepare ?? true, options.poolReads)
    : await pgliteDialect(options.pgliteDir ?? 'memory://', options.pgliteSnapshot);
  return new Kysely<Database>({ dialect });
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
