import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type Dialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { Pool } from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string | undefined;
  poolSize?: number;
  /** Folder for PGlite's files; `memory://` keeps everything in memory (tests). */
  pgliteDir?: string;
}

async function pgDialect(url: string, poolSize: number): Promise<Dialect> {
  const pg = await import('pg');
  // bigint ids come back as strings (exact); counts are cast to int in the queries.
  const pool = new pg.default.Pool({ connectionString: url, max: poolSize });
  return new PostgresDialect({ pool: withPreparedStatements(pool) });
}

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Bulk statements (seeding, batch inserts) are one-offs: planning them once is all they need. */
const PREPARED_MAX_LENGTH = 4000;
const statementNames = new Map<string, string>();

/**
 * Every data statement runs as a named prepared statement: PostgreSQL plans it once per connection
 * instead of on every call, which is most of the cost of the small, hot queries of a feed.
 * The name is a hash of the SQL text, so one query shape is one statement whatever its values.
 */
function withPreparedStatements(pool: Pool): PostgresPool {
  const nameOf = (text: string) => {
    let name = statementNames.get(text);
    if (!name) {
      name = `k${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      statementNames.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query: (text: string, values: unknown[]) =>
          text.length <= PREPARED_MAX_LENGTH && PREPARABLE.test(text)
            ? client.query({ name: nameOf(text), text, values })
            : client.query(text, values),
        release: () => client.release(),
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

async function pgliteDialect(dir: string): Promise<Dialect> {
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-dialect.js'),
  ]);
  if (!dir.startsWith('memory://')) await fs.mkdir(path.dirname(dir), { recursive: true });
  // int8 as text, exactly as node-postgres answers, so both backends give the same rows.
  const pglite = await PGlite.create(dir, { parsers: { 20: (value: string) => value } });
  return new PGliteDialect(pglite);
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const dialect = options.url
    ? await pgDialect(options.url, options.poolSize ?? 20)
    : await pgliteDialect(options.pgliteDir ?? 'memory://');
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
