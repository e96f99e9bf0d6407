import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../db/database.js';
import { PGliteDialect } from '../db/pglite-dialect.js';
import { pgliteExtensions } from '../db/pglite-extensions.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder (dumpDataDir's tarball) every API test server starts from. */
    pgliteSnapshot: string;
  }
}

/**
 * Runs PGlite's initdb and the migrations once for the whole project instead of once per test file
 * (≈ 2 s each): every file's database starts as a copy of this one.
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create('memory://', {
    parsers: { 20: (value: string) => value },
    extensions: await pgliteExtensions(),
  });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const snapshot = await pglite.dumpDataDir('none');
  await db.destroy();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
