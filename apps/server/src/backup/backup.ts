import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import {
  runningPostmaster,
  startEmbeddedPostgres,
  superuserUrl,
  type EmbeddedLog,
} from '../db/embedded-postgres.js';
import { writeManifest, type BackupManifest } from './backup-manifest.js';
import { copyTree, type CopyCount } from './copy-tree.js';
import { takeBaseBackup, type BaseBackup } from './postgres-base-backup.js';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** These commands are for the embedded PostgreSQL only; an operator's PostgreSQL and PGlite are refused. */
export function assertEmbeddedPostgres(config: Config, verb: string): void {
  if (config.databaseUrl)
    throw new Error(
      `DATABASE_URL is set: ${verb} your PostgreSQL with its own tools (pg_dump, pg_restore; docs/operations.md, "Backups")`,
    );
  if (config.embeddedDatabase === 'pglite')
    throw new Error('EMBEDDED_DATABASE=pglite: stop the app and copy DATA_DIR instead');
}

/** The media files, copied while the app may write more; names never change, so a second pass adds the new ones. */
const copyMedia = (config: Config, dir: string): Promise<CopyCount> =>
  copyTree(config.mediaDir, path.join(dir, 'media'), {
    keepExisting: true,
    skipFile: (relative) => relative.endsWith('.tmp'),
  });

/** The running embedded server's base backup, or a server started for it when the app is not running. */
async function backUpDatabase(config: Config, target: string, log: EmbeddedLog): Promise<BaseBackup> {
  const postgresDir = path.join(config.dataDir, 'postgres');
  const dataDir = path.join(postgresDir, 'data');
  const running = await runningPostmaster(dataDir);
  if (running) return takeBaseBackup(await superuserUrl(postgresDir, running.port), dataDir, target);
  if (!(await exists(path.join(dataDir, 'PG_VERSION'))))
    throw new Error(
      `no embedded PostgreSQL in ${postgresDir}: is DATA_DIR the app's? (on PGlite, stop the app and copy DATA_DIR)`,
    );
  log.info('the app is not running: starting its database for the backup');
  const server = await startEmbeddedPostgres({ dir: postgresDir, log });
  try {
    return await takeBaseBackup(server.url, dataDir, target);
  } finally {
    await server.stop();
  }
}

/**
 * Backs up DATA_DIR's database and media into `dir` (new or empty), while the app runs. The media are copied
 * before and after the database: every file a row of the backup names is then in it (stored before its row was
 * committed; removed, if ever, only after its row was deleted, which the backup does not see). Files of later
 * posts may be there too, unreferenced and harmless.
 */
export async function takeBackup(config: Config, dir: string, log: EmbeddedLog): Promise<BackupManifest> {
  assertEmbeddedPostgres(config, 'back up');
  const target = path.resolve(dir);
  if ((await fs.readdir(target).catch(() => [])).length > 0)
    throw new Error(`${target} is not empty: back up into a new folder`);
  // Everyone's data, and the database's password: its owner's only.
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const before = config.mediaBucket ? undefined : await copyMedia(config, target);
  const database = await backUpDatabase(config, path.join(target, 'postgres', 'data'), log);
  await fs.copyFile(
    path.join(config.dataDir, 'postgres', 'password'),
    path.join(target, 'postgres', 'password'),
  );
  log.info(`database: ${database.files} files, ${megabytes(database.bytes)}, as of WAL ${database.stopLsn}`);
  let media: BackupManifest['media'];
  if (config.mediaBucket) {
    media = { bucket: config.mediaBucket.bucket };
    log.warn(
      `media are in the bucket ${media.bucket}, which this backup does not copy (docs/operations.md, "Backups")`,
    );
  } else {
    const after = await copyMedia(config, target);
    media = { files: (before?.files ?? 0) + after.files, bytes: (before?.bytes ?? 0) + after.bytes };
    log.info(`media: ${media.files} files, ${megabytes(media.bytes)}`);
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: {
      postgresVersion: (
        await fs.readFile(path.join(target, 'postgres', 'data', 'PG_VERSION'), 'utf8')
      ).trim(),
      startLsn: database.startLsn,
      stopLsn: database.stopLsn,
    },
    media,
  };
  await writeManifest(target, manifest);
  return manifest;
}
