import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { copyTree, type CopyCount } from './copy-tree.js';

/**
 * A base backup of a running PostgreSQL through its low-level API, for the embedded server whose binaries ship
 * no pg_dump or pg_basebackup (and the system's pg_dump, an older major, refuses a PostgreSQL 18 server).
 * `pg_backup_start` checkpoints and keeps full-page writes on, the data folder is copied as it is, being written,
 * and `pg_backup_stop` says where the copy became consistent; the copy holds its `backup_label` and the WAL from the
 * start to that point, so PostgreSQL replays it on its first start into the state at the stop: every commit
 * before it, none after. A temporary replication slot keeps that WAL from being recycled meanwhile (what
 * pg_basebackup does). Restorable only by the same PostgreSQL major (the copy is its files).
 */

/** Runtime state PostgreSQL rebuilds at start, left empty in the copy (as pg_basebackup does). */
const RUNTIME_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const RUNTIME_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

const isRuntimeFile = (relative: string) =>
  RUNTIME_FILES.has(relative) ||
  path.basename(relative) === 'pg_internal.init' ||
  path.basename(relative).startsWith('pgsql_tmp');

export interface BaseBackup extends CopyCount {
  /** WAL locations of the start and the stop: the copy holds the state at `stopLsn`. */
  startLsn: string;
  stopLsn: string;
}

/** WAL segment files from `first` to `last` (one timeline, names in hex, so they sort as text). */
async function copyWal(walDir: string, targetDir: string, first: string, last: string): Promise<void> {
  const names = await fs.readdir(walDir);
  for (const needed of [first, last])
    if (!names.includes(needed)) throw new Error(`the WAL segment ${needed} is not in ${walDir}`);
  const wanted = names.filter(
    (name) => (/^[0-9A-F]{24}$/.test(name) && name >= first && name <= last) || name.endsWith('.history'),
  );
  for (const name of wanted) await fs.copyFile(path.join(walDir, name), path.join(targetDir, name));
}

/** Copies the running server's data folder `dataDir` (reached at `url` as a superuser) into `targetDir`. */
export async function takeBaseBackup(url: string, dataDir: string, targetDir: string): Promise<BaseBackup> {
  // One connection: the backup, like its slot, belongs to the session that started it.
  const sql = postgres(url, { max: 1, idle_timeout: 0, onnotice: () => {} });
  try {
    const slot = `nomadas_backup_${crypto.randomBytes(4).toString('hex')}`;
    await sql`select pg_create_physical_replication_slot(${slot}, true, true)`;
    const label = `nomadas ${new Date().toISOString()}`;
    const [started] = await sql<{ lsn: string }[]>`select pg_backup_start(${label}, true)::text as lsn`;
    let copy: CopyCount;
    try {
      copy = await copyTree(dataDir, targetDir, {
        skipContentsOf: (relative) => RUNTIME_FOLDERS.has(relative),
        skipFile: isRuntimeFile,
        folderMode: 0o700,
      });
    } catch (error) {
      await sql`select pg_backup_stop(false)`.catch(() => undefined);
      throw error;
    }
    // Not waiting for an archive: there is none; the WAL the copy needs is copied below.
    const [stopped] = await sql<{ lsn: string; file: string; labelfile: string; spcmapfile: string }[]>`
      select lsn::text, pg_walfile_name(lsn) as file, labelfile, spcmapfile from pg_backup_stop(false)`;
    if (stopped!.spcmapfile.trim())
      throw new Error('the database uses tablespaces, which this backup does not copy');
    await fs.writeFile(path.join(targetDir, 'backup_label'), stopped!.labelfile, { mode: 0o600 });
    // START WAL LOCATION: 0/2000028 (file 000000010000000000000002)
    const startFile = /\(file ([0-9A-F]{24})\)/.exec(stopped!.labelfile)?.[1];
    if (!startFile) throw new Error(`no start WAL file in the backup label:\n${stopped!.labelfile}`);
    await copyWal(path.join(dataDir, 'pg_wal'), path.join(targetDir, 'pg_wal'), startFile, stopped!.file);
    return { ...copy, startLsn: started!.lsn, stopLsn: stopped!.lsn };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
