import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@nomadas/shared';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A screen's component, loaded with its chunk; `preload` fetches it ahead of the first render. */
export interface LazyScreen {
  (): ReturnType<typeof createElement>;
  preload(): Promise<void>;
}

/**
 * React.lazy for a screen chunk that gives up with ChunkLoadError after 120 s (spec §8). A screen preloaded
 * before it mounts renders at once, without the skeleton in between.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  const loadWithTimeout = () =>
    new Promise<{ default: ComponentType }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError('Loading chunk timed out')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
      load().then(
        (module) => {
          clearTimeout(timer);
          loaded = module.default;
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed'));
        },
      );
    });
  const Lazy = lazy(loadWithTimeout);

  function Screen() {
    // Chosen once per mount: a screen that mounted lazily stays that component (no remount when it arrives).
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  Screen.preload = () => loadWithTimeout().then(() => undefined);
  return Screen;
}
