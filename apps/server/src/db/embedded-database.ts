import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import {
  EmbeddedPostgresUnavailable,
  startEmbeddedPostgres,
  type EmbeddedLog,
  type EmbeddedPostgres,
} from './embedded-postgres.js';

/** Where the app's database is: a URL for `openDatabase`, or PGlite's folder; and the server it started, if any. */
export interface DatabaseLocation {
  url: string | undefined;
  pgliteDir: string;
  embedded: EmbeddedPostgres | undefined;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/** Log lines from before the app's logger exists, in the same JSON-lines shape (pino's). */
export function bootLog(level: string): EmbeddedLog {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const hostname = os.hostname();
  const write = (value: number) => (msg: string) => {
    if (value >= threshold)
      process.stdout.write(
        `${JSON.stringify({ level: value, time: Date.now(), pid: process.pid, hostname, msg })}\n`,
      );
  };
  return { debug: write(20), info: write(30), warn: write(40), error: write(50) };
}

/**
 * The database this run uses. `DATABASE_URL` wins; otherwise the embedded one chosen by
 * `EMBEDDED_DATABASE`, which by default is PostgreSQL from the shipped binaries under `DATA_DIR/postgres`
 * (started here) — except that a `DATA_DIR` holding only an earlier PGlite database keeps using it.
 */
export async function locateDatabase(
  config: Config,
  options: { pgliteDir?: string | undefined; log?: EmbeddedLog } = {},
): Promise<DatabaseLocation> {
  const pgliteDir = options.pgliteDir ?? path.join(config.dataDir, 'pgdata');
  if (config.databaseUrl || options.pgliteDir)
    return { url: config.databaseUrl, pgliteDir, embedded: undefined };
  const postgresDir = path.join(config.dataDir, 'postgres');
  const log = options.log ?? bootLog(config.logLevel);
  let kind = config.embeddedDatabase;
  if (!kind) {
    kind = (await exists(pgliteDir)) && !(await exists(postgresDir)) ? 'pglite' : 'postgres';
    if (kind === 'pglite')
      log.info(
        `using the PGlite database found in ${pgliteDir} (EMBEDDED_DATABASE=postgres starts an empty PostgreSQL instead)`,
      );
  }
  if (kind === 'pglite') return { url: undefined, pgliteDir, embedded: undefined };
  try {
    const embedded = await startEmbeddedPostgres({ dir: postgresDir, log });
    return { url: embedded.url, pgliteDir, embedded };
  } catch (error) {
    // Chosen by default, not asked for: the product still starts, on the slower PGlite, and says why.
    if (!(error instanceof EmbeddedPostgresUnavailable) || config.embeddedDatabase) throw error;
    await fs.rmdir(postgresDir).catch(() => {}); // left only if empty, so a later run decides afresh
    log.warn(
      `${error.message}; using PGlite in ${pgliteDir} instead (EMBEDDED_DATABASE=pglite silences this)`,
    );
    return { url: undefined, pgliteDir, embedded: undefined };
  }
}
