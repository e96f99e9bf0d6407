import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, openAs, registerSession } from './support';

// "Guardar" on a place's sheet and "Mis lugares" on the profile (#32), on a phone. SHOTS_DIR=… keeps screenshots.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * How many "Mis lugares" the app keeps in IndexedDB (apps/web/src/map/offlinePlacesDb.ts, store 'mine'); never
 * opening a database the app has not made yet (an open would make it, without the app's stores).
 */
const keptMyPlaces = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((known) => known.name === 'nomadas-places')) return 0;
    return new Promise<number>((resolve, reject) => {
      const opening = indexedDB.open('nomadas-places');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains('mine')) {
          db.close();
          resolve(0);
          return;
        }
        const counting = db.transaction('mine').objectStore('mine').count();
        counting.onsuccess = () => {
          db.close();
          resolve(counting.result);
        };
      };
    });
  });

describe('saved places', () => {
  it('saves a place from its sheet and finds it in Mis lugares (phone)', async () => {
    const [owner, me, ...others] = await Promise.all([
      registerSession(),
      registerSession(),
      registerSession(),
      registerSession(),
      registerSession(),
    ]);
    const name = `Área del Embalse ${Date.now().toString(36)}`;
    const { urlpoint } = await apiAs<{ urlpoint: string }>(owner, 'POST', '/map/location', {
      kind: 'default',
      name,
      lat: 42.2,
      lng: -6.4,
    });
    for (const other of others) await apiAs(other, 'POST', `/map/location/${urlpoint}/confirm`);

    const { page, context, errors } = await openAs(browser, `/mapa/location/${urlpoint}`, {
      session: me,
      phone: true,
    });
    const save = page.getByRole('button', { name: `Guardar ${name} en Mis lugares` });
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => save.textContent()).toContain('Guardado');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/saved-sheet.png` });

    // "Cómo llegar" asks for the app the first time.
    await page.getByRole('button', { name: 'Cómo llegar' }).click();
    await page.getByText('¿Con qué app quieres ir?').waitFor();
    for (const app of ['Google Maps', 'Apple Maps', 'Waze', 'OpenStreetMap']) {
      await page.getByRole('link', { name: app }).waitFor();
    }

    await page.goto('/perfil?tab=lugares');
    const list = page.getByRole('list', { name: 'Mis lugares' });
    await list.getByRole('link', { name: new RegExp(name) }).waitFor();
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/saved-profile.png` });

    // Kept on the device for use offline, and forgotten with the session: the next user of the phone finds none.
    await expect.poll(() => keptMyPlaces(page)).toBe(1);
    await page.goto('/perfil');
    await page.getByRole('main').getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => keptMyPlaces(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
