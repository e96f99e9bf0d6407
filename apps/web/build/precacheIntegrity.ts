import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/**
 * A precache entry whose name does not change with its content (index.html, the icons) is fetched with its
 * hash as subresource integrity. During a rolling deploy an instance still on the previous build answers those
 * names with its own files: the install then fails and is tried again later, instead of keeping an old shell
 * that asks for chunks the new precache does not hold. Hashed assets (`assets/…`) name their content already.
 */
export function precacheIntegrity(outDir: string): ManifestTransform {
  return async (entries) => ({
    manifest: await Promise.all(
      entries.map(async (entry) => {
        if (entry.url.startsWith('assets/')) return entry;
        const file = await fs.readFile(path.join(outDir, entry.url));
        return { ...entry, integrity: `sha384-${crypto.createHash('sha384').update(file).digest('base64')}` };
      }),
    ),
    warnings: [],
  });
}
