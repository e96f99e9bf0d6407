import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { deriveSmallThumb, IMAGE_VARIANTS } from './images.js';
import { MEDIA_URL_PREFIX, type MediaStore } from './media-store.js';

const SERVED_FILE = /\.(webp|jpg|avif|png|mp4|webm)$/;
/** A stored image's 240 px thumbnail (images.ts names its stem after a hash). */
const SMALL_THUMB = new RegExp(
  `^${MEDIA_URL_PREFIX}(posts/[0-9a-f]{2}/[0-9a-f]{32})${IMAGE_VARIANTS.thumbSmall.replace('.', '\\.')}$`,
);

/** Files under MEDIA_DIR at /media/: names are content-hashed, so they are cached forever. */
export async function registerMediaFiles(
  app: FastifyInstance,
  media: MediaStore,
  mediaDir: string,
): Promise<void> {
  await app.register(async (scope) => {
    // Photos stored before the 240 px thumbnail existed get it on its first request, then it is a plain file.
    scope.addHook('onRequest', async (request) => {
      const stem = SMALL_THUMB.exec(request.url.split('?', 1)[0]!)?.[1];
      if (!stem) return;
      const existing = await media.open(`${stem}${IMAGE_VARIANTS.thumbSmall}`);
      if (existing) {
        existing.destroy();
        return;
      }
      // A photo that cannot be read answers the plain 404 below.
      await deriveSmallThumb({ media }, stem).catch((error: unknown) =>
        request.log.warn({ err: error, stem }, 'small thumbnail not derived'),
      );
    });
    await scope.register(fastifyStatic, {
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
  });
}
