import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import {
  runAsAccount,
  runningPostmaster,
  startEmbeddedPostgres,
  type EmbeddedLog,
  type RunAs,
} from '../db/embedded-postgres.js';
import { assertEmbeddedPostgres } from './backup.js';
import { readManifest, type BackupManifest } from './backup-manifest.js';
import { copyTree } from './copy-tree.js';

/** What a restore replaces in DATA_DIR: the database (either kind) and the media. */
const RESTORED = ['postgres', 'pgdata', 'media'];

const isEmpty = async (dir: string) => (await fs.readdir(dir).catch(() => [])).length === 0;

/** As root, the database's files belong to the account that runs PostgreSQL (it refuses root). */
async function chownTree(dir: string, runAs: RunAs): Promise<void> {
  if (runAs.uid === undefined) return;
  await fs.chown(dir, runAs.uid, runAs.gid!);
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    await fs.chown(path.join(entry.parentPath, entry.name), runAs.uid, runAs.gid!);
}

/**
 * Restores the backup in `dir` into DATA_DIR, which must hold no database or media unless `overwrite` says to
 * replace them (never while the app runs on it). The database is then started once, which replays the backup's
 * WAL, and stopped: a backup that cannot be restored says so here, not at the app's next start.
 */
export async function restoreBackup(
  config: Config,
  dir: string,
  options: { overwrite: boolean; log: EmbeddedLog },
): Promise<BackupManifest> {
  const { log } = options;
  assertEmbeddedPostgres(config, 'restore');
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  if ('bucket' in manifest.media && !config.mediaBucket)
    throw new Error(
      `the backup's media are in the bucket ${manifest.media.bucket}: set MEDIA_S3_* as when it was taken`,
    );
  if ('files' in manifest.media && config.mediaBucket)
    throw new Error(
      'the backup holds media files and MEDIA_S3_BUCKET is set: restore without it, then move them (docs/operations.md, "Media in a bucket")',
    );
  const postgresDir = path.join(config.dataDir, 'postgres');
  if (await runningPostmaster(path.join(postgresDir, 'data')))
    throw new Error(`the database in ${postgresDir} is running: stop the app first`);
  const present: string[] = [];
  for (const name of RESTORED)
    if (!(await isEmpty(path.join(config.dataDir, name)))) present.push(path.join(config.dataDir, name));
  if (present.length > 0 && !options.overwrite)
    throw new Error(
      `${present.join(' and ')} already hold data: restore into a new DATA_DIR, or add --overwrite to replace them`,
    );
  for (const name of RESTORED) await fs.rm(path.join(config.dataDir, name), { recursive: true, force: true });

  // DATA_DIR as the app makes it (the database's own folder is closed to others, below).
  await fs.mkdir(config.dataDir, { recursive: true });
  await copyTree(path.join(source, 'postgres'), postgresDir, { folderMode: 0o700 });
  await chownTree(postgresDir, await runAsAccount(log));
  if ('files' in manifest.media) await copyTree(path.join(source, 'media'), config.mediaDir);

  log.info(`replaying the backup's WAL (up to ${manifest.database.stopLsn})`);
  const server = await startEmbeddedPostgres({ dir: postgresDir, log });
  await server.stop();
  return manifest;
}
