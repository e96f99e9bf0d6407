import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MEDIA_URL_PREFIX } from './media-store.js';

const SERVED_FILE = /\.(webp|jpg|avif|png|mp4|webm)$/;

/** Files under MEDIA_DIR at /media/: names are content-hashed, so they are cached forever. */
export async function registerMediaFiles(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Half-written uploads (`*.tmp`) and anything else that is not media stay private.
    allowedPath: (pathName) => SERVED_FILE.test(pathName),
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
