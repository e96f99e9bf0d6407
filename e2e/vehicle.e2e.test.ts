import type { Browser } from 'playwright-core';
import { monthInSpain } from '@nomadas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, openAs, registerSession } from './support';

// The nomad's own vehicle and a place's months open (#32): a phone sets its van's sizes from a low place's
// sheet, which then says plainly that it does not fit, and whether the place is open now.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('my vehicle on a sheet', () => {
  it('sets a vehicle on a phone and sees "No cabe" on a low place, closed this month', async () => {
    const me = await registerSession();
    const name = `Área bajo el puente ${Date.now().toString(36)}`;
    const closedNow = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((month) => month !== monthInSpain());
    const { urlpoint } = await apiAs<{ urlpoint: string }>(me, 'POST', '/map/location', {
      kind: 'default',
      name,
      lat: 42.55,
      lng: -6.6,
      maxHeight: 2.2,
      maxLength: 8,
      months: closedNow,
    });

    const { page, context, errors } = await openAs(browser, `/mapa/location/${urlpoint}`, {
      session: me,
      phone: true,
    });
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('Cerrado ahora').waitFor();

    await page.getByRole('button', { name: 'Indica sus medidas' }).click();
    await page.getByLabel('Tipo').selectOption('camper');
    await page.getByLabel('Longitud (m)').fill('6,4');
    await page.getByLabel('Altura (m)').fill('2,9');
    await page.getByRole('button', { name: 'Guardar vehículo' }).click();

    await page.getByText('No cabe: altura máxima 2,2 m').waitFor();
    // Kept with the account: the map and every other sheet start from it.
    expect(await apiAs(me, 'GET', '/perfil/vehiculo')).toEqual({
      type: 'camper',
      length: 6.4,
      height: 2.9,
      weight: null,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
