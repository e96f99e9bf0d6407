import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { MediaBackend } from './create-media-store.js';
import { isSafeKey, MEDIA_CACHE_CONTROL, MEDIA_URL_PREFIX, servedTypeOf } from './media-store.js';
import type { S3MediaStore } from './s3-media-store.js';

/**
 * The stored files at /media/: names are content-hashed or random, so they are cached forever. From disk through
 * @fastify/static; from a bucket streamed by the app (also with MEDIA_PUBLIC_URL set: URLs stored before it
 * keep working). Only media extensions are served: originals and half-written `*.tmp` files stay private.
 */
export async function registerMediaFiles(app: FastifyInstance, media: Pick<MediaBackend, 'files'>) {
  if ('bucket' in media.files) {
    registerBucketFiles(app, media.files.bucket);
    return;
  }
  await app.register(fastifyStatic, {
    root: media.files.disk,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => servedTypeOf(pathName) !== undefined,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', MEDIA_CACHE_CONTROL);
    },
  });
}

/**
 * One byte range, as the bucket takes it; anything else (several ranges, last before first, not bytes) is
 * ignored and the whole file sent, as @fastify/static does. If-Range needs no check: a stored file never changes.
 */
function singleRange(header: string | undefined): string | undefined {
  const match = header && /^bytes=(?:(\d+)-(\d*)|-(\d+))$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last, suffix] = match;
  if (suffix !== undefined) return Number(suffix) > 0 ? `bytes=-${suffix}` : undefined;
  return last === '' || Number(last) >= Number(first) ? `bytes=${first}-${last}` : undefined;
}

function registerBucketFiles(app: FastifyInstance, bucket: S3MediaStore): void {
  async function serve(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    const key = request.params['*'];
    const contentType = servedTypeOf(key);
    if (!contentType || !isSafeKey(key)) return reply.callNotFound();
    const file = await bucket.read(key, {
      head: request.method === 'HEAD',
      range: singleRange(request.headers.range),
      ifNoneMatch: request.headers['if-none-match'],
    });
    if (file.status === 404) return reply.callNotFound();
    reply.header('cache-control', MEDIA_CACHE_CONTROL).header('accept-ranges', 'bytes');
    if (file.status === 304) return reply.status(304).send();
    if (file.status === 416) {
      if (file.size !== undefined) reply.header('content-range', `bytes */${file.size}`);
      return reply.status(416).type('text/plain; charset=utf-8').send('Range Not Satisfiable');
    }
    reply.status(file.status).type(file.contentType ?? contentType);
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    if (file.contentRange) reply.header('content-range', file.contentRange);
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    return reply.send(file.body ?? '');
  }
  app.route({ method: ['GET', 'HEAD'], url: `${MEDIA_URL_PREFIX}*`, handler: serve });
}
