import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

/** A file of the zip: bytes at hand, or a stored file opened only when its turn comes. */
export type ZipEntry =
  { name: string; body: string | Buffer } | { name: string; open: () => Promise<Readable | null> };

/** Adds one entry and resolves once the archive has written it (or rejects if the archive ends first). */
function appendOne(archive: ZipArchive, source: string | Buffer | Readable, name: string, store: boolean) {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      archive.off('entry', onEntry);
      archive.off('error', onEnd);
      archive.off('close', onEnd);
    };
    const onEntry = () => {
      done();
      resolve();
    };
    const onEnd = (error?: Error) => {
      done();
      reject(error ?? new Error('zip closed before its last entry'));
    };
    archive.on('entry', onEntry);
    archive.on('error', onEnd);
    archive.on('close', onEnd);
    archive.append(source, { name, store });
  });
}

/**
 * A zip written as it is read: one entry at a time, each stored file opened only when the previous one is
 * in, so a download of thousands of photos holds one file open and never the whole zip in memory. Photos
 * are stored as they are (already compressed); text is deflated. A file missing from the store is skipped.
 */
export function streamZip(entries: ZipEntry[], onError: (error: unknown) => void): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    for (const entry of entries) {
      if ('body' in entry) {
        await appendOne(archive, entry.body, entry.name, false);
        continue;
      }
      const file = await entry.open();
      if (!file) continue;
      // A download given up half-way closes the archive: the open file must not outlive it.
      await appendOne(archive, file, entry.name, true).catch((error: unknown) => {
        file.destroy();
        throw error;
      });
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    // The download is cut off (a truncated zip reads as broken, never as complete).
    if (!archive.destroyed) {
      onError(error);
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return archive;
}
