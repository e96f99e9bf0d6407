import fs from 'node:fs/promises';
import path from 'node:path';

export interface CopyOptions {
  /** Names (files or folders, at any depth) left out; a folder left out is made, empty. */
  skipContentsOf?: (relativePath: string) => boolean;
  /** Files left out altogether. */
  skipFile?: (relativePath: string) => boolean;
  /** A file already in the target with the same size is kept (media names never change: content-hashed). */
  keepExisting?: boolean;
  /** Of the folders made (a database's are its owner's only: 0o700). */
  folderMode?: number;
}

export interface CopyCount {
  files: number;
  bytes: number;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies the folder `from` into `to` while its owner keeps writing to it: a file or folder that vanishes on the
 * way (a table dropped, a photo deleted) is not an error. Each file is written under a temporary name and
 * renamed, so an interrupted copy never leaves a half file that `keepExisting` would take as done.
 */
export async function copyTree(from: string, to: string, options: CopyOptions = {}): Promise<CopyCount> {
  const count: CopyCount = { files: 0, bytes: 0 };
  const walk = async (relative: string) => {
    await fs.mkdir(path.join(to, relative), { recursive: true, mode: options.folderMode });
    if (relative && options.skipContentsOf?.(relative)) return;
    const entries = await fs.readdir(path.join(from, relative), { withFileTypes: true }).catch((error) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && !options.skipFile?.(name)) await copyFile(name);
    }
  };
  const copyFile = async (relative: string) => {
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    if (options.keepExisting) {
      const [had, has] = await Promise.all([
        fs.stat(source).catch(() => null),
        fs.stat(target).catch(() => null),
      ]);
      if (!had || (has && has.size === had.size)) return;
    }
    const temporary = `${target}.copying`;
    try {
      await fs.copyFile(source, temporary);
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    await fs.rename(temporary, target);
    count.files += 1;
    count.bytes += (await fs.stat(target)).size;
  };
  await walk('');
  return count;
}
