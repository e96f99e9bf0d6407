import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { EmbeddedLog } from '../db/embedded-postgres.js';
import { takeBackup } from './backup.js';
import { writeManifest } from './backup-manifest.js';
import { copyTree } from './copy-tree.js';
import { restoreBackup } from './restore.js';

const quiet: EmbeddedLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const folders: string[] = [];
const folder = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-backup-unit-'));
  folders.push(dir);
  return dir;
};
const write = async (file: string, text = 'x') => {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
};

afterEach(async () => {
  for (const dir of folders.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('backup and restore refusals', () => {
  it('sends an operator’s PostgreSQL and PGlite to their own ways', async () => {
    const target = path.join(await folder(), 'copia');
    const real = loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://db/nomadas' });
    await expect(takeBackup(real, target, quiet)).rejects.toThrow(/DATABASE_URL is set: back up .*pg_dump/);
    await expect(restoreBackup(real, target, { overwrite: false, log: quiet })).rejects.toThrow(/pg_restore/);
    const pglite = loadConfig({ EMBEDDED_DATABASE: 'pglite' });
    await expect(takeBackup(pglite, target, quiet)).rejects.toThrow(/copy DATA_DIR/);
  });

  it('backs up into a new folder only, and restores only a finished backup into an empty DATA_DIR', async () => {
    const root = await folder();
    const config = loadConfig({ DATA_DIR: path.join(root, 'data') });
    await write(path.join(root, 'used', 'algo.txt'));
    await expect(takeBackup(config, path.join(root, 'used'), quiet)).rejects.toThrow(/not empty/);
    await expect(takeBackup(config, path.join(root, 'nueva'), quiet)).rejects.toThrow(
      /no embedded PostgreSQL in .*postgres/,
    );

    const backup = path.join(root, 'copia');
    await write(path.join(backup, 'media', 'posts', 'a.webp'));
    await expect(restoreBackup(config, backup, { overwrite: false, log: quiet })).rejects.toThrow(
      /holds no backup.json: .* did not finish/,
    );
    await writeManifest(backup, {
      format: 1,
      createdAt: new Date().toISOString(),
      database: { postgresVersion: '18', startLsn: '0/2000028', stopLsn: '0/2000120' },
      media: { files: 1, bytes: 1 },
    });
    await write(path.join(config.mediaDir, 'posts', 'b.webp'));
    await expect(restoreBackup(config, backup, { overwrite: false, log: quiet })).rejects.toThrow(
      /media already hold data: .* --overwrite/,
    );
    const bucket = loadConfig({ DATA_DIR: config.dataDir, MEDIA_S3_BUCKET: 'nomadas-media' });
    await expect(restoreBackup(bucket, backup, { overwrite: true, log: quiet })).rejects.toThrow(
      /holds media files and MEDIA_S3_BUCKET is set/,
    );
  });
});

describe('copyTree', () => {
  it('copies files, leaves out what it is told, and keeps what is already there', async () => {
    const root = await folder();
    const [from, to] = [path.join(root, 'from'), path.join(root, 'to')];
    await write(path.join(from, 'posts', 'a.webp'), 'foto');
    await write(path.join(from, 'posts', 'b.webp.1f2e.tmp'), 'a medias');
    await write(path.join(from, 'pg_wal', '000000010000000000000001'), 'wal');
    const copied = await copyTree(from, to, {
      skipContentsOf: (relative) => relative === 'pg_wal',
      skipFile: (relative) => relative.endsWith('.tmp'),
    });
    expect(copied).toEqual({ files: 1, bytes: 4 });
    expect(await fs.readFile(path.join(to, 'posts', 'a.webp'), 'utf8')).toBe('foto');
    expect(await fs.readdir(path.join(to, 'posts'))).toEqual(['a.webp']);
    expect(await fs.readdir(path.join(to, 'pg_wal'))).toEqual([]);

    // A second pass adds what is new; a file of the same size is taken as the same (names never change).
    await write(path.join(to, 'posts', 'a.webp'), 'FOTO');
    await write(path.join(from, 'posts', 'c.webp'), 'otra');
    expect(
      await copyTree(from, to, { keepExisting: true, skipFile: (name) => name.endsWith('.tmp') }),
    ).toEqual({
      files: 2,
      bytes: 7,
    });
    expect(await fs.readFile(path.join(to, 'posts', 'a.webp'), 'utf8')).toBe('FOTO');
    expect(await fs.readFile(path.join(to, 'posts', 'c.webp'), 'utf8')).toBe('otra');
  });
});
