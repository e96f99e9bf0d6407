import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report } from '../apps/server/src/test/app-process';
import { launchBrowser, newContext } from './browser';
import { axeViolations } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Chromium DevTools' "Slow 3G": 2 s round trips, 400 kbit/s (50 KB/s) each way. */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

describe('a first visit over Slow 3G', () => {
  it("paints the product's shell from the HTML, before the app's code has arrived, and the app takes its place", async () => {
    const context = await newContext(browser, { phone: true, axe: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    // The entry script's request, and whether all of it has arrived.
    let entryRequest: string | undefined;
    let entryArrived = false;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (ENTRY.test(new URL(request.url).pathname)) entryRequest = requestId;
    });
    cdp.on('Network.loadingFinished', ({ requestId }) => {
      if (requestId === entryRequest) entryArrived = true;
    });

    await page.goto('/muro', { waitUntil: 'commit' });
    const firstPaint = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((entries) => {
            const paint = entries.getEntriesByName('first-contentful-paint')[0];
            if (paint) resolve(paint.startTime);
          }).observe({ type: 'paint', buffered: true }),
        ),
    );
    // Painted, and the entry still on its way: what is on screen came with the HTML.
    expect(entryRequest).toBeDefined();
    expect(entryArrived).toBe(false);
    const home = page.getByRole('link', { name: /ir al inicio$/ });
    expect(await home.isVisible()).toBe(true);
    const banner = page.getByRole('banner');
    const staticHeight = (await banner.boundingBox())?.height;
    expect(staticHeight).toBe(61);
    // As accessible as the app (WCAG 2.1 AA), the app still on its way.
    expect(await axeViolations(page)).toEqual([]);
    expect(entryArrived).toBe(false);

    // The app replaces the shell: one header, of the same height, and nothing left busy.
    await page.getByRole('button', { name: 'Abrir el menú' }).waitFor({ timeout: 40_000 });
    expect(await banner.count()).toBe(1);
    expect((await banner.boundingBox())?.height).toBe(staticHeight);
    expect(await page.locator('#root [aria-busy="true"]').count()).toBe(0);

    // The same on the page's own clock: its first paint came before the entry's last byte.
    const entryEnd = await page.evaluate(
      (pattern) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
          new RegExp(pattern).test(new URL(entry.name).pathname),
        )?.responseEnd ?? NaN,
      ENTRY.source,
    );
    expect(firstPaint).toBeLessThan(entryEnd);
    report(
      `Slow 3G /muro: first paint ${Math.round(firstPaint)} ms, entry arrived ${Math.round(entryEnd)} ms`,
    );
    await context.close();
  });
});
