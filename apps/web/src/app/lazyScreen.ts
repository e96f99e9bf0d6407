import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@nomadas/shared';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** React.lazy for a screen chunk that gives up with ChunkLoadError after 120 s (spec §8). */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new ChunkLoadError('Loading chunk timed out')),
          CHUNK_LOAD_TIMEOUT_MS,
        );
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed'));
          },
        );
      }),
  );
}
