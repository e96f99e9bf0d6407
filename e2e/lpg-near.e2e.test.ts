import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coarsenCoordinates } from '@nomadas/shared';
import { startApp, waitUntil, type AppProcess } from '../apps/server/src/test/app-process';
import { createScratchDatabase } from '../apps/server/src/test/database';
import { launchBrowser } from './browser';
import { openAs } from './support';

// "GLP más barato cerca" (#32) from the map to a sheet. The app runs on its own with LPG_PRICES_URL at a
// loopback server that answers the Ministry's recorded answer (the API tests' fixture), dated two hours ago:
// the importer's job, at start, puts its 13 stations on the map with their prices, as it would in production.
const FIXTURE = new URL(
  '../apps/server/src/modules/lpg-prices/fixtures/estaciones-terrestres.json',
  import.meta.url,
);
/** The phone's true position, in Astorga. */
const ASTORGA = { latitude: 42.4589, longitude: -6.0563 };
const SHOTS = '/tmp/shots-lpg';

/** "29/11/2026 9:40:13": an instant in Spanish time, as the source dates its answers. */
function spanishTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')} ${Number(part('hour'))}:${part('minute')}:${part('second')}`;
}

let browser: Browser;
let app: AppProcess;
let source: http.Server;
let dataDir: string;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

beforeAll(async () => {
  const answer = (await fs.readFile(FIXTURE, 'utf8')).replace(
    /"Fecha": "[^"]+"/,
    `"Fecha": "${spanishTime(new Date(Date.now() - 2 * 3600_000))}"`,
  );
  source = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(answer);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-lpg-'));
  // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR.
  await fs.chmod(dataDir, 0o755);
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  [browser, app] = await Promise.all([
    launchBrowser(),
    startApp({
      DATA_DIR: dataDir,
      RATE_LIMIT_FACTOR: '100',
      LPG_PRICES_URL: `http://127.0.0.1:${(source.address() as AddressInfo).port}/EstacionesTerrestres/`,
      // On a scratch database of the suite's PostgreSQL when there is one (quicker to migrate), as one instance.
      ...(scratch ? { DATABASE_URL: scratch.url, INSTANCES: '1' } : {}),
    }),
  ]);
  // The import runs as a job once the app is up.
  await waitUntil(
    'the LPG import',
    async () => {
      const near = await fetch(`${app.baseUrl}/api/map/glp?lat=42.459&lng=-6.056`);
      return ((await near.json()) as { data: { stations: unknown[] } }).data.stations.length > 0;
    },
    30_000,
  );
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await scratch?.drop();
  source?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The map as a visitor, the phone's position in Astorga allowed, tiles refused. */
async function openMap(phone: boolean) {
  return openAs(browser, '/mapa', {
    baseUrl: app.baseUrl,
    phone,
    init: async (page: Page) => {
      await page.context().route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await page.context().grantPermissions(['geolocation'], { origin: app.baseUrl });
      await page.context().setGeolocation(ASTORGA);
    },
  });
}

/** The rows of the list in the panel: each a link to a sheet. */
const rows = (page: Page) => page.locator('section ul li a');

describe('GLP más barato cerca', () => {
  it('lists the cheapest LPG within 50 km of the phone, sent only roughly, and opens a sheet from it', async () => {
    const { page, context, errors } = await openMap(true);
    // The map opens around the phone (its position allowed): "Estás aquí" is drawn.
    await page.locator('.leaflet-marker-icon', { hasText: 'Estás aquí' }).waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: 'Lista' }).click();
    const asked = page.waitForRequest(/\/api\/map\/glp\?/);
    await page.getByRole('button', { name: 'GLP más barato cerca' }).click();
    const sent = new URL((await asked).url()).searchParams;
    const rough = coarsenCoordinates(ASTORGA);
    expect([Number(sent.get('lat')), Number(sent.get('lng'))]).toEqual([rough.latitude, rough.longitude]);

    await page.getByText('a menos de 50 km de tu posición').waitFor();
    // León's Repsol (0,969 €/l, 42 km) is cheaper than Astorga's (0,979, at hand); Ponferrada's Galp (0,999,
    // 46 km) last; Benavente's (0,949) is 52 km away.
    await expect.poll(() => rows(page).count()).toBe(3);
    const texts = await rows(page).allInnerTexts();
    expect(texts.map((text) => text.split('\n')[0])).toEqual([
      'Repsol GLP León',
      'Repsol GLP Astorga',
      'Galp GLP Ponferrada',
    ]);
    expect(texts[0]).toContain('GLP 0,97 €/l · hace 2 h');
    expect(texts[1]).toContain('GLP 0,98 €/l');
    expect(texts[2]).toContain('GLP 1,00 €/l');
    await page.screenshot({ path: `${SHOTS}/lpg-near-phone.png` });

    await rows(page).nth(1).click();
    await page.getByRole('heading', { name: 'Repsol GLP Astorga', level: 1 }).waitFor();
    await page.getByText('GLP 0,98 €/l · hace 2 h').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with no connection, sorts the LPG stations of the map by the prices it holds, and says so', async () => {
    const { page, context, errors } = await openMap(false);
    // On a wide screen the list shows beside the map; its places have come once Astorga's station is in it.
    await page.getByRole('link', { name: /Repsol GLP Astorga/ }).waitFor();
    const toggle = page.getByRole('button', { name: 'GLP más barato cerca' });
    await context.setOffline(true);
    await toggle.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Sin conexión: las gasolineras con GLP que se ven en el mapa' })
      .waitFor();
    const prices = (await rows(page).allInnerTexts()).map((text) =>
      Number(/GLP (\d+,\d\d) €\/l/.exec(text)![1]!.replace(',', '.')),
    );
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    await page.screenshot({ path: `${SHOTS}/lpg-near-desktop-offline.png` });

    // Back online, the next look asks the server: the fallback was not kept.
    await context.setOffline(false);
    await toggle.click();
    await toggle.click();
    await page.getByText('a menos de 50 km de tu posición').waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/lpg-near-desktop.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
