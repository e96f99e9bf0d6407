import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASE_MAP_PATH } from '@nomadas/shared';

/** Versioned URLs (`?v=`, config.ts) are kept a year; a bare one is checked again each time. */
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';
const BARE_CACHE = 'public, max-age=0, must-revalidate';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes; several ranges are not asked by readers. */
export function byteRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  const match = header && /^bytes=(?:(\d+)-(\d*)|-(\d+))$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last, suffix] = match;
  if (suffix !== undefined) {
    const length = Math.min(Number(suffix), size);
    return length > 0 ? [size - length, size - 1] : 'unsatisfiable';
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end >= start ? [start, end] : undefined;
}

/**
 * The base map's PMTiles archive at /map/base.pmtiles (outside the SPA's routes and the API), read by the
 * browser's `pmtiles` with range requests: 206 with the bytes asked, 416 past the end, an ETag the reader checks
 * between requests (a new archive mid-session makes it start again). The tiles inside are gzipped already.
 */
export function registerBaseMap(app: FastifyInstance, file: string): void {
  async function serve(request: FastifyRequest<{ Querystring: { v?: string } }>, reply: FastifyReply) {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return reply.callNotFound();
    const etag = `"${stat.size.toString(36)}${Math.floor(stat.mtimeMs).toString(36)}"`;
    reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('last-modified', stat.mtime.toUTCString())
      .header('cache-control', request.query.v === etag.slice(1, -1) ? VERSIONED_CACHE : BARE_CACHE)
      .type('application/vnd.pmtiles');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const ifRange = request.headers['if-range'];
    const range = ifRange && ifRange !== etag ? undefined : byteRange(request.headers.range, stat.size);
    if (range === 'unsatisfiable')
      return reply
        .status(416)
        .header('content-range', `bytes */${stat.size}`)
        .type('text/plain; charset=utf-8')
        .send('Range Not Satisfiable');
    const [start, end] = range ?? [0, stat.size - 1];
    reply.header('content-length', end - start + 1);
    if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${stat.size}`);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(fs.createReadStream(file, { start, end }));
  }
  app.route({ method: ['GET', 'HEAD'], url: BASE_MAP_PATH, handler: serve });
}
