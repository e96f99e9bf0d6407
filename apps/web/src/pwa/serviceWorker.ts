/// <reference types="vite-plugin-pwa/client" />
import { readAgain } from '../api/client';
import { createStore } from '../app/store';
import { photosShown, takeReadsBeforeWorker } from './readsBeforeWorker';
import { KEEP_PHOTOS } from './workerMessages';

/** True once a new version of the app is installed and waits for the user's "Actualizar". */
export const updateWaiting = createStore(false);

let activateUpdate: ((reloadPage?: boolean) => Promise<void>) | undefined;

/**
 * Registers the service worker (src/pwa/sw.ts). Called once the first screen has painted: workbox-window and the
 * precache's downloads come after it. A new version is announced, never swapped in by itself (registerType
 * 'prompt'): it takes over when the user chooses to update, and the page reloads onto it.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  let registerSW: typeof import('virtual:pwa-register').registerSW;
  try {
    ({ registerSW } = await import('virtual:pwa-register'));
  } catch {
    // Offline before the registration's chunk loaded: no unhandled rejection, and another try when the network
    // is back (or, failing that, on the next visit).
    window.addEventListener('online', () => void registerServiceWorker(), { once: true });
    return;
  }
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', keepFirstVisit, { once: true });
  }
  activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => updateWaiting.set(true),
    // applyUpdate reloads: workbox-window reports no update to a page that installed the first version.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => registration && checkWhenBack(registration),
  });
}

/** At most this often, a page brought back to the screen asks whether there is a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The browser looks for a new worker when a page is opened; an app left open for days in a phone's background
 * never is, so it asks when it comes back to the screen.
 */
function checkWhenBack(registration: ServiceWorkerRegistration) {
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => undefined);
  });
}

/** "Actualizar": the waiting version takes over, and the page reloads onto it. */
export function applyUpdate(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void activateUpdate?.();
}

/**
 * The first worker has just taken the page: what this visit read before it (the API's answers, the photos) is
 * read again through it, so the screen the nomad has just seen opens offline too (readsBeforeWorker.ts).
 */
function keepFirstVisit() {
  for (const url of takeReadsBeforeWorker()) void readAgain(url);
  navigator.serviceWorker.controller?.postMessage({ type: KEEP_PHOTOS, urls: photosShown() });
}
