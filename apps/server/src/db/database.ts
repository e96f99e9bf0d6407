import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Dialect } from 'kysely';
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
  return new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url, max: poolSize }) });
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
