import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { hydrateSymlinks, startEmbeddedPostgres, type EmbeddedLog } from './embedded-postgres.js';

const quiet: EmbeddedLog = { debug() {}, info() {}, warn() {}, error() {} };
const dirs: string[] = [];
async function scratchDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-embedded-'));
  await fs.chmod(dir, 0o755); // as root, the server runs as the postgres account, which must reach it
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('creates a cluster on the first start and keeps its rows across a restart', async () => {
    const dir = path.join(await scratchDir(), 'postgres');
    const first = await startEmbeddedPostgres({ dir, log: quiet });
    let db = await openDatabase({ url: first.url, poolSize: 2 });
    await db.schema.createTable('kept').addColumn('v', 'text').execute();
    await db
      .insertInto('kept' as never)
      .values({ v: 'sí' } as never)
      .execute();
    await db.destroy();
    await first.stop();

    const second = await startEmbeddedPostgres({ dir, log: quiet });
    db = await openDatabase({ url: second.url, poolSize: 2 });
    const rows = await db
      .selectFrom('kept' as never)
      .selectAll()
      .execute();
    expect(rows).toEqual([{ v: 'sí' }]);
    await db.destroy();
    await second.stop();
  }, 60_000);

  it('stops a postmaster left running on its folder (its app and watchdog killed) and starts afresh', async () => {
    const dir = path.join(await scratchDir(), 'postgres');
    const stale = await startEmbeddedPostgres({ dir, log: quiet });
    const db = await openDatabase({ url: stale.url, poolSize: 1 });
    await db.schema.createTable('kept').addColumn('v', 'text').execute();
    await db.destroy();

    const warnings: string[] = [];
    const next = await startEmbeddedPostgres({ dir, log: { ...quiet, warn: (line) => warnings.push(line) } });
    expect(warnings.join('\n')).toContain(`pid ${stale.pid}`);
    const state = await fs.readFile(`/proc/${stale.pid}/stat`, 'utf8').catch(() => 'gone');
    expect(state === 'gone' || / Z /.test(state)).toBe(true); // exited (a zombie until its parent reaps it)
    const reopened = await openDatabase({ url: next.url, poolSize: 1 });
    expect(
      await reopened
        .selectFrom('kept' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
    await reopened.destroy();
    await next.stop();
  }, 60_000);

  it('recreates the library symlinks that an install without scripts leaves out', async () => {
    const packageDir = await scratchDir();
    await fs.mkdir(path.join(packageDir, 'native/lib'), { recursive: true });
    await fs.writeFile(path.join(packageDir, 'native/lib/libicuuc.so.60.2'), 'library');
    await fs.symlink('libicuuc.so.60.2', path.join(packageDir, 'native/lib/libicuuc.so'));
    await fs.writeFile(
      path.join(packageDir, 'native/pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so' },
        { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' },
      ]),
    );
    await hydrateSymlinks(packageDir);
    await hydrateSymlinks(packageDir); // idempotent
    expect(await fs.readlink(path.join(packageDir, 'native/lib/libicuuc.so.60'))).toBe('libicuuc.so.60.2');
    expect(await fs.readFile(path.join(packageDir, 'native/lib/libicuuc.so.60'), 'utf8')).toBe('library');
  });
});
