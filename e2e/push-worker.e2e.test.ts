import type { Browser, CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLUSH_OUTBOX, OUTBOX_SYNC_TAG, PUSH_LEFT_TO_PAGE } from '../apps/web/src/pwa/workerMessages';
import { appUnderTest } from './app-under-test';
import { launchBrowser } from './browser';
import { openAs, registerSession } from './support';

// The service worker's side of a push (sw.ts): Chromium's DevTools protocol hands the worker a push message
// (ServiceWorker.deliverPushMessage), as the push service would, and the notices it shows are read back with
// registration.getNotifications(). A click on a notice cannot be dispatched headless: where it goes is checked
// at unit level (pushNotice.test.ts).
let browser: Browser;
beforeAll(async () => {
  // Notifications are the full browser's.
  browser = await launchBrowser({ full: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The registration's id, as the DevTools protocol names it, once the app's worker is registered. */
function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (found) resolve(found.registrationId);
    });
  });
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  url: string;
}

describe('the service worker and pushes', () => {
  it('shows a push as a notice when no window of the app is open, none while one is in view, and a newer one of the same tag replaces the older', async () => {
    const app = appUnderTest();
    const origin = new URL(app.baseUrl).origin;
    const ana = await registerSession(app);
    const { context, page, errors } = await openAs(browser, '/', { session: ana, serviceWorker: true });
    try {
      await context.grantPermissions(['notifications'], { origin });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // A blank tab, not the app's, holds the DevTools session: it outlives the app's pages.
      const cdp = await context.newCDPSession(await context.newPage());
      const idFound = registrationId(cdp, origin);
      await cdp.send('ServiceWorker.enable');
      const id = await idFound;
      const push = (payload: object) =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId: id,
          data: JSON.stringify(payload),
        });

      // The app in view (headless, its page is focused and visible): it shows its own in-app notice.
      expect(await page.evaluate(() => document.visibilityState === 'visible' && document.hasFocus())).toBe(
        true,
      );
      const leftToPage = page.evaluate(
        (type) =>
          new Promise<unknown>((resolve) =>
            navigator.serviceWorker.addEventListener('message', (event) => {
              if ((event.data as { type?: string }).type === type) resolve(event.data);
            }),
          ),
        PUSH_LEFT_TO_PAGE,
      );
      await push({ title: 'Mensaje de carla', body: 'Hola', url: '/chat', tag: 'chat:carla' });
      // The worker has looked at the windows and left the push to this one: only then may the page go.
      expect(await leftToPage).toEqual({ type: PUSH_LEFT_TO_PAGE, tag: 'chat:carla' });
      await page.close();

      // No window of the app: the notice is shown, and a newer one of the same tag takes the older's place.
      await push({ title: 'blas te sigue', body: 'Primero', url: '/perfil/blas', tag: 'follow:blas' });
      await push({ title: 'blas te sigue', body: 'Otra vez', url: '/perfil/blas', tag: 'follow:blas' });
      const reader = await context.newPage();
      await reader.goto('/');
      const shown = () =>
        reader.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n): Shown => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url: string }).url,
          })),
        );
      await expect
        .poll(shown, { timeout: 10_000 })
        .toEqual([{ title: 'blas te sigue', body: 'Otra vez', tag: 'follow:blas', url: '/perfil/blas' }]);
      const icons = await reader.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.icon, n.badge]),
      );
      expect(icons).toEqual([[`${origin}/icon-192.png`, `${origin}/favicon-32.png`]]);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it("Background Sync's 'outbox' wakes an open page of the app to send its outbox", async () => {
    const app = appUnderTest();
    const origin = new URL(app.baseUrl).origin;
    const ana = await registerSession(app);
    const { context, page, errors } = await openAs(browser, '/', { session: ana, serviceWorker: true });
    try {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const told = page.evaluate(
        () =>
          new Promise<unknown>((resolve) =>
            navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data)),
          ),
      );
      const cdp = await context.newCDPSession(page);
      const idFound = registrationId(cdp, origin);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: await idFound,
        tag: OUTBOX_SYNC_TAG,
        lastChance: false,
      });
      expect(await told).toEqual({ type: FLUSH_OUTBOX });
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
