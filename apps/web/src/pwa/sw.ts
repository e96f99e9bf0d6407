/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { BASE_MAP_PATH } from '@nomadas/shared';
import { BASE_MAP_CACHE } from './baseMapCache';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  API_CACHE,
  MEDIA_CACHE,
  NETWORK_TIMEOUT_SECONDS,
  SHELL_URL,
  isAppNavigation,
  isCachedApiRead,
  isCachedMedia,
  sessionCacheKey,
} from './cachePolicy';
import { FLUSH_OUTBOX, KEEP_PHOTOS, OUTBOX_SYNC_TAG, PUSH_LEFT_TO_PAGE } from './workerMessages';
import { NOTICE_BADGE, NOTICE_ICON, anyWindowInView, noticeTarget, readPushPayload } from './pushNotice';

/*
 * The service worker (#31): the build's shell, every screen's chunk, its CSS and the font, precached; what the
 * user has read kept for offline use. Written by hand (vite-plugin-pwa's injectManifest): the API cache is keyed
 * by session, which generateSW's configuration cannot say.
 */
declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;

// The manifest vite-plugin-pwa writes in: every file of the build, index.html checked by its hash. `/` is not
// the bare index.html: it is a navigation like any other (below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first version takes the page that installed it, so what that visit reads next is kept too. A later
// version only ever activates when the user has chosen to update (below), and the page then reloads.
clientsClaim();

// The page's request starts while the worker boots, instead of after it.
enableNavigationPreload();

/**
 * Navigations ask the server first (its page carries the route's meta, preloads and first data); with no
 * answer within the time-out, or no network, the build's shell opens the app, which reads from the caches below.
 */
const pages = new NetworkOnly({ networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS });
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(SHELL_URL)) ?? Response.error();
    }
  },
);

/** Keys each answer by the session that read it: see sessionCacheKey. */
const keyedBySession: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => sessionCacheKey(request.url, request.headers.get('API-TOKEN')),
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isCachedApiRead(url, request.method),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      keyedBySession,
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

const photos = new CacheFirst({
  cacheName: MEDIA_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    isCachedMedia(url, request.destination, request.headers.has('range')),
  photos,
);

/**
 * The base map saved for use offline (api/offlineBaseMap.ts): its ranges cut from the whole archive kept under
 * the same versioned URL (a 206, or 416 past its end); when it is not saved, the network.
 */
const baseMapNetwork = new NetworkOnly();
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname === BASE_MAP_PATH && request.method === 'GET',
  async (options) => {
    const request = options.request as Request;
    const whole = await (await caches.open(BASE_MAP_CACHE)).match(request.url);
    if (!whole) return baseMapNetwork.handle(options);
    return request.headers.has('range') ? createPartialResponse(request, whole) : whole;
  },
);

// A new version waits until the user chooses "Actualizar" (registerType 'prompt'): never swapped under them.
// The page this first version has just taken asks it to keep the photos it showed before (readsBeforeWorker.ts):
// this origin's /media/ only.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as { type?: string; urls?: unknown } | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === KEEP_PHOTOS && Array.isArray(message.urls))
    event.waitUntil(keepPhotos(message.urls, event));
});

async function keepPhotos(urls: unknown[], event: ExtendableMessageEvent): Promise<void> {
  const own = urls
    .filter((url): url is string => typeof url === 'string')
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/media/'));
  await Promise.all(
    own.map((url) => photos.handle({ request: new Request(url.href), event }).catch(() => undefined)),
  );
}

/**
 * A push (modules push: {title, body, url, tag}) shows a notice, unless a window of the app is in front of the
 * user: that window shows its own in-app notice. A newer notice of the same tag replaces the older one.
 */
self.addEventListener('push', (event: PushEvent) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  const payload = readPushPayload(data);
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (anyWindowInView(windows)) {
        for (const window of windows) window.postMessage({ type: PUSH_LEFT_TO_PAGE, tag: payload.tag ?? '' });
        return;
      }
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: NOTICE_ICON,
        badge: NOTICE_BADGE,
        data: { url: payload.url },
        ...(payload.tag ? { tag: payload.tag, renotify: true } : {}),
      } as NotificationOptions);
    })(),
  );
});

/**
 * A click on a notice opens its page (of the app's own origin only: see noticeTarget) in a window of the app
 * already open, else in a new one.
 */
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const target = noticeTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(openNotice(target));
});

async function openNotice(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url === target) return;
    // navigate() only works on a window this worker controls; for one it does not, a new window opens instead.
    if (await focused.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}

/**
 * Background Sync (where the browser has it): a page registers the tag while writes wait in its outbox, and the
 * browser wakes the worker once the network is back. The worker does not send the writes itself: each goes
 * with the session's token, which lives in the page's localStorage, out of the worker's reach; copying it into
 * IndexedDB for the worker would leave a credential where logout and "Borrar" do not look, and the answer of
 * each write is for the page's state to show. So the worker wakes the open pages of the app, which call
 * flushOutbox(); with none open, the writes go when the app is next opened (it sends at start).
 */
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => windows.forEach((w) => w.postMessage({ type: FLUSH_OUTBOX }))),
  );
});
