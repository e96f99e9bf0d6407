import os from 'node:os';
import type { MediaStore } from '@nomadas/server/media/media-store';
import { storeImage, type StoredImage } from '@nomadas/server/media/images';
import { variantSvg, type PhotoVariant } from './catalogue.js';
import { renderPhoto } from './render.js';

export interface SeedPhoto {
  variant: PhotoVariant;
  jpeg: Buffer;
  stored: StoredImage;
}

/**
 * Each scene rendered and stored once through the real image pipeline, when first asked for, as many at a time
 * as there are cores and in the order asked: the first posts wait for their own photo, not for all of them.
 */
export function photoSource(ctx: { media: MediaStore; signal?: AbortSignal | undefined }) {
  const limit = os.availableParallelism();
  const made = new Map<PhotoVariant, Promise<SeedPhoto>>();
  const waiting: Array<() => void> = [];
  let running = 0;
  const slot = () =>
    running < limit ? (running++, Promise.resolve()) : new Promise<void>((go) => waiting.push(go));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return (variant: PhotoVariant): Promise<SeedPhoto> => {
    let photo = made.get(variant);
    if (!photo) {
      photo = (async () => {
        await slot();
        try {
          ctx.signal?.throwIfAborted();
          const jpeg = await renderPhoto(variantSvg(variant));
          return { variant, jpeg, stored: await storeImage(ctx, jpeg) };
        } finally {
          release();
        }
      })();
      // Asked for ahead of need: a failure reaches whoever awaits it, and is not left unhandled meanwhile.
      photo.catch(() => undefined);
      made.set(variant, photo);
    }
    return photo;
  };
}
