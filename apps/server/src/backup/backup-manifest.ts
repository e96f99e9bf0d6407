import fs from 'node:fs/promises';
import path from 'node:path';

/** `backup.json`, written last: a folder without it is an unfinished backup, which restore refuses. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The embedded PostgreSQL's files: restorable by the same major version only. */
  database: { postgresVersion: string; startLsn: string; stopLsn: string };
  /** Files copied from DATA_DIR/media, or the bucket the backup did not copy. */
  media: { files: number; bytes: number } | { bucket: string };
}

export const MANIFEST = 'backup.json';

export const writeManifest = (dir: string, manifest: BackupManifest) =>
  fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST), 'utf8').catch(() => undefined);
  if (text === undefined)
    throw new Error(`${dir} holds no ${MANIFEST}: not a backup, or one that did not finish`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${dir}: a backup format this version does not know`);
  return manifest;
}
