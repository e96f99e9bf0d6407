import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { baseMapDrawn, openAs, registerSession } from './support';

// The base map with no tile server (#31): vector tiles read from the app's own PMTiles archive with range
// requests, drawn on canvas tiles; nothing asked of any other host.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the base map', () => {
  it('draws the vector base from ranges of the archive, with no request to another host', async () => {
    const origin = new URL(inject('baseUrl')).origin;
    const requests: Request[] = [];
    const { page, errors, context } = await openAs(browser, '/mapa', {
      session: await registerSession(),
      init: (p) => p.context().on('request', (request) => requests.push(request)),
    });
    try {
      await expect.poll(() => baseMapDrawn(page)).toBe(true);
      const attribution = await page.locator('.leaflet-control-attribution').innerText();
      expect(attribution).toContain('Natural Earth');
      expect(attribution).toContain('IGN (es-atlas)');
      expect(attribution).toContain('GeoNames (CC BY 4.0)');

      const archive = requests.filter((request) => new URL(request.url()).pathname === '/map/base.pmtiles');
      expect(archive.length).toBeGreaterThan(1);
      for (const request of archive) {
        expect(request.headers().range).toMatch(/^bytes=\d+-\d+$/);
        expect((await request.response())?.status()).toBe(206);
      }
      const elsewhere = requests
        .map((request) => request.url())
        .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
