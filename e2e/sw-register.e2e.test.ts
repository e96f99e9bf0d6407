import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { openAs } from './support';

// The service worker is registered from a chunk loaded after the first paint (src/pwa/serviceWorker.ts). With
// the network gone before that chunk came, the page raised "Failed to fetch dynamically imported module": now
// nothing is raised, and the registration is tried again when the browser is back online.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the registration of the service worker', () => {
  it('survives its chunk failing to load, and registers once back online', async () => {
    let refused = 0;
    const { context, page, errors } = await openAs(browser, '/', {
      serviceWorker: true,
      init: (p) =>
        p.route(/\/assets\/virtual_pwa-register-[^/]*\.js$/, async (route) => {
          refused += 1;
          await (refused === 1 ? route.abort('internetdisconnected') : route.continue());
        }),
    });
    try {
      await expect.poll(() => refused, { timeout: 10_000 }).toBe(1);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean))).toBe(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      expect(refused).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
