import type { Browser, Locator, Page } from 'playwright-core';
import type { NewLocationBody } from '@nomadas/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, openAs, registerSession } from './support';

// Find a place or a town (#32): the map's own search box on a phone. Tiles are refused: no network.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Puebla de Sanabria as GeoNames has it (the town the search answers). */
const SANABRIA = { lat: 42.05401, lng: -6.6335 };

/** How far `marker`'s middle is from the map's, in pixels. */
async function offCentre(page: Page, marker: Locator): Promise<number> {
  const [dot, map] = [await marker.boundingBox(), await page.locator('.leaflet-container').boundingBox()];
  if (!dot || !map) return Infinity;
  return Math.hypot(
    dot.x + dot.width / 2 - (map.x + map.width / 2),
    dot.y + dot.height / 2 - (map.y + map.height / 2),
  );
}

describe("the map's search box", () => {
  it('centres the map on a town chosen with the keyboard, and opens the sheet of a place found by name', async () => {
    const [owner, ...others] = await Promise.all([
      registerSession(),
      registerSession(),
      registerSession(),
      registerSession(),
    ]);
    const tag = Date.now().toString(36);
    const name = `Área del lago ${tag}`;
    const place: NewLocationBody = { kind: 'default', name, lat: SANABRIA.lat, lng: SANABRIA.lng };
    const { urlpoint } = await apiAs<{ urlpoint: string }>(owner, 'POST', '/map/location', place);
    // Confirmed by three others: public, so the search finds it (MAP_CONFIRMATIONS, 3 by default).
    await Promise.all(others.map((other) => apiAs(other, 'POST', `/map/location/${urlpoint}/confirm`)));

    const { page, context, errors } = await openAs(browser, '/mapa', {
      session: owner,
      phone: true,
      init: (p) => p.context().route(/tile\.openstreetmap\.org/, (route) => route.abort()),
    });
    const box = page.getByRole('combobox', { name: 'Buscar un lugar o una población' });
    await box.fill('puebla de sanab');
    const town = page.getByRole('option', { name: /^Puebla de Sanabria.*Zamora/ });
    await town.waitFor();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    // The towns come after the places: down to it, then Enter.
    const options = page.getByRole('option');
    const index = (await options.allTextContents()).findIndex((text) =>
      text.startsWith('Puebla de Sanabria'),
    );
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect.poll(() => town.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    // At the town's zoom the place beside it is a marker of its own, in the middle of the map.
    const marker = page.getByRole('button', { name: new RegExp(name) });
    await marker.waitFor();
    await expect.poll(() => offCentre(page, marker)).toBeLessThan(30);

    await box.fill(`lago ${tag}`);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.waitForURL(`**/mapa/location/${urlpoint}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
