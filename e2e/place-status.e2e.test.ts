import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, openAs, registerSession } from './support';

// Reports that age on a place (#32): a phone confirms a service and says there is room, and sees both on the
// sheet and the room on the map's list. Every account here is new, so its room report weighs a quarter
// (as post reports do): three others have said "Hay sitio" already, and the fourth, the phone's, makes it show.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('place status on a sheet', () => {
  it('confirms a service and reports "Hay sitio" in one tap each, seen on the sheet and in the list', async () => {
    const [me, ...others] = await Promise.all([
      registerSession(),
      registerSession(),
      registerSession(),
      registerSession(),
    ]);
    const tag = Date.now().toString(36);
    const name = `Área de Villafranca ${tag}`;
    const { urlpoint } = await apiAs<{ urlpoint: string }>(me, 'POST', '/map/location', {
      kind: 'default',
      name,
      lat: 42.6062,
      lng: -6.8106,
      services: ['agua', 'electricidad'],
    });
    for (const other of others)
      await apiAs(other, 'POST', `/map/location/${urlpoint}/occupancy`, { state: 'sitio' });

    const { page, context, errors } = await openAs(browser, `/mapa/location/${urlpoint}`, {
      session: me,
      phone: true,
    });
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const water = page.locator('[data-service="agua"]');
    await water.getByText('sin confirmar').waitFor();
    await page.getByRole('button', { name: 'Agua potable funciona' }).click();
    await water.getByText('confirmado ahora por 1 nómada').waitFor();
    expect(
      await page.getByRole('button', { name: 'Agua potable funciona' }).getAttribute('aria-pressed'),
    ).toBe('true');

    const room = page.getByRole('region', { name: '¿Hay sitio?' });
    await room.getByText('Nadie ha avisado en las últimas horas.').waitFor();
    await room.getByRole('button', { name: 'Hay sitio' }).click();
    await room.getByText('Hay sitio · ahora · 4 nómadas').waitFor();

    // The map's list shows the place's room with its age (its marker carries the same in its label).
    await page.goto('/mapa');
    await page.getByRole('button', { name: 'Lista' }).click();
    // The list may show the name split in two lines (kind and town): the tag is in either.
    const row = page.getByRole('link', { name: new RegExp(tag) });
    await row.getByText(/^Hay sitio, (ahora|hace 1 min)$/).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
