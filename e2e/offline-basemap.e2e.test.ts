import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, baseMapDrawn, openAs, registerSession } from './support';

// The base map saved with Spain's places (#31): its size shown before the download, the archive kept whole in
// Cache Storage, and with no connection at all the service worker answers the archive's ranges (206) from it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the base map saved for use offline', () => {
  it('is drawn from the saved archive with no connection, and a saved sheet opens', async () => {
    const tag = Date.now().toString(36);
    const name = `Área de la Hoz ${tag}`;
    const [owner, ...others] = await Promise.all([1, 2, 3, 4].map(() => registerSession()));
    const { urlpoint } = await apiAs<{ urlpoint: string }>(owner!, 'POST', '/map/location', {
      kind: 'default',
      name,
      lat: 41.1,
      lng: -3.4,
    });
    for (const other of others) await apiAs(other, 'POST', `/map/location/${urlpoint}/confirm`);

    const archive: Response[] = [];
    const { page, context, errors } = await openAs(browser, '/mapa', {
      serviceWorker: true,
      init: (p) =>
        p.context().on('response', (response) => {
          if (new URL(response.url()).pathname === '/map/base.pmtiles') archive.push(response);
        }),
    });
    try {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      await page.getByText(/^Mapa base: \d+,\d MB$/).waitFor();
      await page.getByRole('button', { name: 'Guardar España para usar sin conexión' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Guardado · / })
        .waitFor();
      await page.getByText(/^Mapa base guardado: \d+,\d MB$/).waitFor();

      await context.setOffline(true);
      archive.length = 0;
      await page.reload();
      await expect.poll(() => baseMapDrawn(page)).toBe(true);
      expect(archive.length).toBeGreaterThan(0);
      for (const response of archive) {
        expect(response.status()).toBe(206);
        expect(response.fromServiceWorker()).toBe(true);
      }

      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      await page.getByLabel('Buscar un lugar o pueblo guardado').fill(`hoz ${tag}`);
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
