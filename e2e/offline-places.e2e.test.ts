import type { Browser, Page } from 'playwright-core';
import type { NewLocationBody } from '@nomadas/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, openAs, registerSession } from './support';

// "Guardar España para usar sin conexión" (#31): the map's places saved in IndexedDB, brought up to date by
// a delta on the next visit, and the map, the search and a sheet working from them with the API unreachable.
// Tiles are refused (route abort), as in map.e2e.test.ts. SHOTS_DIR=… keeps screenshots of each step.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A public place (its author's, confirmed by three others) with one review. */
async function publicPlace(place: NewLocationBody, reviewText: string) {
  const [owner, ...others] = await Promise.all([
    registerSession(),
    registerSession(),
    registerSession(),
    registerSession(),
  ]);
  const { urlpoint } = await apiAs<{ urlpoint: string }>(owner, 'POST', '/map/location', place);
  for (const other of others) await apiAs(other, 'POST', `/map/location/${urlpoint}/confirm`);
  await apiAs(others[0]!, 'POST', `/map/location/${urlpoint}/review`, {
    stars: 5,
    text: reviewText,
    stayed: '2026-08-14',
  });
  return urlpoint;
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/places-${name}.png` });
}

describe('the places saved for use offline', () => {
  for (const phone of [true, false]) {
    const device = phone ? 'phone' : 'desktop';
    it(`saves Spain, brings it up to date by a delta, and opens a sheet with no connection (${device})`, async () => {
      const tag = `${Date.now().toString(36)}${device}`;
      const name = `Área del Desfiladero ${tag}`;
      await publicPlace(
        { kind: 'default', name, lat: 43.1535, lng: -4.6231, services: ['agua', 'wifi'], price: 4 },
        'Sitio tranquilo junto al río, con fuente',
      );
      const offlineCalls: string[] = [];
      const { page, context, errors } = await openAs(browser, '/mapa', {
        phone,
        init: async (p) => {
          await p.context().route(/tile\.openstreetmap\.org/, (route) => route.abort());
          p.on('request', (request) => {
            if (request.url().includes('/api/map/offline')) offlineCalls.push(request.url());
          });
        },
      });
      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      const save = page.getByRole('button', { name: 'Guardar España para usar sin conexión' });
      await save.waitFor();
      await shot(page, `save-${device}`);
      await save.click();
      const saved = page
        .getByRole('status')
        .filter({ hasText: /^Guardado · [\d.]+ lugar(es)? · actualizado/ });
      await saved.waitFor();
      await page.getByRole('button', { name: 'Actualizar' }).waitFor();
      await page.getByRole('button', { name: 'Borrar' }).waitFor();
      await shot(page, `saved-${device}`);

      // The next visit asks only for what changed since the saved version.
      await page.reload();
      await expect.poll(() => offlineCalls.some((url) => /[?&]since=\d+/.test(url))).toBe(true);

      // No API at all: the map's points, the search and the sheet come from the saved set.
      await context.route('**/api/**', (route) => route.abort());
      await page.reload();
      await page.getByText('Sin conexión: ves los lugares guardados en este dispositivo.').waitFor();
      await shot(page, `offline-map-${device}`);
      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      await page.getByLabel('Buscar un lugar o pueblo guardado').fill(`desfiladero ${tag}`);
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByText('Sin conexión: ves la ficha guardada en este dispositivo.').waitFor();
      await page.getByText('Sitio tranquilo junto al río, con fuente').waitFor();
      await page.getByText('Wifi').first().waitFor();
      await shot(page, `offline-sheet-${device}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
