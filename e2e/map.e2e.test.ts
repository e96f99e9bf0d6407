import type { Browser, Page } from 'playwright-core';
import { decodeFrame, distanceKm, type MapFrame } from '@nomadas/shared';
import type { LivePosition, NewLocationBody } from '@nomadas/shared/schemas';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { apiAs, openAs, registerSession, type ApiSession } from './support';

// The map (#9): places, filters, a sheet and a review; live positions between friends, obfuscated and wiped.
// Tiles are refused (route abort): the tests never reach the network and show the map works without them.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseUrl = () => inject('baseUrl');
/** Astorga's area: the true point a user shares from. */
const ASTORGA = { latitude: 42.4589, longitude: -6.0563 };

const addPlace = (session: ApiSession, place: NewLocationBody) =>
  apiAs<{ urlpoint: string }>(session, 'POST', '/map/location', place);

/** Opens `path` as `session`, tiles refused, the phone's position set to `at` when given. */
function openMap(
  path: string,
  session: ApiSession,
  options: { at?: typeof ASTORGA; phone?: boolean; init?: (page: Page) => Promise<void> } = {},
) {
  return openAs(browser, path, {
    session,
    phone: options.phone,
    init: async (page) => {
      await options.init?.(page);
      await page.context().route(/tile\.openstreetmap\.org/, (route) => route.abort());
      if (options.at) {
        await page.context().grantPermissions(['geolocation'], { origin: baseUrl() });
        await page.context().setGeolocation(options.at);
      }
    },
  });
}

/** Every 't: m' frame the page's socket receives (or sends). */
function recordMapFrames(page: Page, direction: 'framereceived' | 'framesent' = 'framereceived'): MapFrame[] {
  const frames: MapFrame[] = [];
  const keep = ({ payload }: { payload: string | Buffer }) => {
    const frame = decodeFrame(String(payload)) as Partial<MapFrame> | undefined;
    // Positions only: a map also tells the socket the area it shows ({t:'m', ta:'view'}).
    if (frame?.t === 'm' && frame.ta === 'pos') frames.push(frame as MapFrame);
  };
  page.on('websocket', (socket) => {
    if (direction === 'framesent') socket.on('framesent', keep);
    else socket.on('framereceived', keep);
  });
  return frames;
}

describe('the map', () => {
  it('opens around the user when the position is already allowed (#33)', async () => {
    const session = await registerSession();
    const { context, page, errors } = await openMap('/mapa', session, { at: ASTORGA, phone: true });
    // Nothing pressed: the browser had the permission, so the first view is the user's surroundings.
    const me = page.locator('.leaflet-marker-icon', { hasText: 'Estás aquí' });
    await me.waitFor();
    const offCentre = async () => {
      const [dot, map] = [await me.boundingBox(), await page.locator('.leaflet-container').boundingBox()];
      if (!dot || !map) return Infinity;
      return Math.hypot(
        dot.x + dot.width / 2 - (map.x + map.width / 2),
        dot.y + dot.height / 2 - (map.y + map.height / 2),
      );
    };
    await expect.poll(offCentre).toBeLessThan(30);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters LPG, opens a sheet from a marker and takes a review', async () => {
    const [owner, ...others] = await Promise.all([
      registerSession(),
      registerSession(),
      registerSession(),
      registerSession(),
    ]);
    const tag = Date.now().toString(36);
    const glp = await addPlace(owner, {
      kind: 'glp',
      name: `Gasolinera GLP Astorga ${tag}`,
      lat: 42.452,
      lng: -6.07,
    });
    await addPlace(owner, {
      kind: 'default',
      name: `Área de Astorga ${tag}`,
      lat: ASTORGA.latitude,
      lng: ASTORGA.longitude,
      services: ['agua', 'electricidad'],
      price: 5,
    });
    // Three other travellers confirm the station: it is public now (MAP_CONFIRMATIONS, 3 by default).
    for (const other of others) await apiAs(other, 'POST', `/map/location/${glp.urlpoint}/confirm`);

    const { page, context, errors } = await openMap('/mapa', owner, { phone: true });
    await page.getByRole('heading', { name: 'Mapa', level: 1 }).waitFor();
    const areaRow = page.getByRole('link', { name: new RegExp(`Área de Astorga ${tag}`) });
    await page.getByRole('button', { name: 'Lista' }).click();
    await areaRow.waitFor();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Gasolinera con GLP').check();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('map_filters'))).toContain('"glp"');
    await page.getByRole('button', { name: 'Ver lugares' }).click();

    // Zoomed in on Astorga (from the list), only the station is left as a marker; the area is filtered out.
    const station = page.getByRole('button', { name: new RegExp(`Gasolinera GLP Astorga ${tag}`) });
    await page.getByRole('link', { name: new RegExp(`Gasolinera GLP Astorga ${tag}`) }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: new RegExp(`Área de Astorga ${tag}`) }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Cerrar' }).click();
    const placeMarker = page.locator('.leaflet-marker-pane [role="button"]').first();
    for (let zoom = 0; zoom < 8 && !(await station.isVisible()); zoom++) {
      const cluster = page.getByRole('button', { name: /^Grupo de/ }).first();
      const closer = (await cluster.isVisible()) ? cluster : page.getByRole('button', { name: 'Acercar' });
      // Each new view draws its markers afresh: the ones drawn now leave once the map has moved.
      const drawnBefore = await placeMarker.elementHandle();
      await closer.click();
      await drawnBefore?.waitForElementState('hidden');
    }
    await station.click();
    await page.getByRole('link', { name: 'Ver ficha' }).click();

    await page.getByRole('heading', { name: `Gasolinera GLP Astorga ${tag}`, level: 1 }).waitFor();
    expect(await page.title()).toContain(`Gasolinera GLP Astorga ${tag}`);
    await page.getByRole('button', { name: 'Cómo llegar' }).waitFor();
    await page.getByRole('radio', { name: '4 estrellas' }).check({ force: true });
    await page.getByLabel('Tu opinión').fill('Llenado rápido y buen precio del GLP');
    await page.getByRole('button', { name: 'Publicar opinión' }).click();
    await page.locator('.toast.ok', { hasText: 'Opinión guardada' }).waitFor();
    const review = page.getByRole('listitem').filter({ hasText: 'Llenado rápido y buen precio del GLP' });
    await review.getByRole('img', { name: '4 de 5 estrellas' }).waitFor();
    await page.getByRole('button', { name: 'Guardar cambios' }).waitFor();

    const sheet = await apiAs<{ rating: number; reviewsCount: number }>(
      owner,
      'GET',
      `/map/location/${glp.urlpoint}`,
    );
    expect(sheet).toMatchObject({ rating: 4, reviewsCount: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows an LPG station's price on its sheet with its age and its source", async () => {
    const owner = await registerSession();
    const glp = await addPlace(owner, {
      kind: 'glp',
      name: `Gasolinera GLP ${Date.now().toString(36)}`,
      lat: 42.45,
      lng: -6.06,
    });
    // The app under test has no source of prices (LPG_PRICES_URL, api-tested with a recorded answer): the
    // sheet's answer carries one as the importer leaves it, two hours old.
    const date = new Date(Date.now() - 2 * 3600_000).toISOString();
    const { page, context, errors } = await openMap(`/mapa/location/${glp.urlpoint}`, owner, {
      phone: true,
      init: async (page) => {
        await page.route(`**/api/map/location/${glp.urlpoint}`, async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { data: object };
          await route.fulfill({
            response: answer,
            json: { ...body, data: { ...body.data, lpg: { price: 0.979, date } } },
          });
        });
      },
    });
    await page.getByText('GLP 0,98 €/l · hace 2 h').waitFor();
    await page.getByText(/Precios: Ministerio para la Transición Ecológica y el Reto Demográfico/).waitFor();
    // A station is no night's stay: no 'Gratis', neither under its name nor in its facts.
    expect(await page.getByRole('main').getByText('Gratis', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws a view's places once all its cells have come, clustered off the main thread", async () => {
    const owner = await registerSession();
    const tag = Date.now().toString(36);
    // A place in another cell than Astorga's (cells are squares of whole degrees: 16° at this zoom).
    await addPlace(owner, { kind: 'default', name: `Área de Montserrat ${tag}`, lat: 41.6, lng: 1.83 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answered: string[] = [];
    const workers: string[] = [];
    const { page, context, errors } = await openMap('/mapa', owner, {
      phone: true,
      init: async (page) => {
        page.on('worker', (worker) => workers.push(worker.url()));
        await page.route(/\/api\/map\/points\?/, async (route) => {
          const [west, south, east, north] = new URL(route.request().url()).searchParams
            .get('bbox')!
            .split(',')
            .map(Number);
          const astorgas =
            west! <= ASTORGA.longitude &&
            ASTORGA.longitude < east! &&
            south! <= ASTORGA.latitude &&
            ASTORGA.latitude < north!;
          if (astorgas) await held;
          await route.continue();
        });
        page.on('requestfinished', (request) => {
          if (request.url().includes('/api/map/points?')) answered.push(request.url());
        });
      },
    });
    const markers = page.locator('.leaflet-marker-pane .leaflet-marker-icon');
    // Montserrat's cell has come, Astorga's has not: the map still waits, with no marker drawn.
    await expect.poll(() => answered.some((url) => /bbox=0%2C32%2C/.test(url))).toBe(true);
    // The app has had its turns to draw what came (its query updates are batched to the next task).
    for (let frame = 0; frame < 3; frame++)
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
    expect(await markers.count()).toBe(0);
    await page.getByText('Cargando lugares…').waitFor();
    release();
    await markers.first().waitFor();
    await page.getByText('Cargando lugares…').waitFor({ state: 'hidden' });
    // Indexing a view's places was the longest task of a phone's first screen: a worker does it.
    expect(workers.filter((url) => /\/clusters\.worker-[\w-]+\.js$/.test(url))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a friend where someone roughly is, never a stranger, and wipes it when they stop', async () => {
    const [a, b, c] = await Promise.all([registerSession(), registerSession(), registerSession()]);
    // A and B follow each other: friends. C follows A, which does not make them friends.
    await apiAs(a, 'POST', `/follow/user/${b.username}`);
    await apiAs(b, 'POST', `/follow/user/${a.username}`);
    await apiAs(c, 'POST', `/follow/user/${a.username}`);

    const viewer = await openMap('/mapa', b);
    const stranger = await openMap('/mapa', c);
    // Both listen on their sockets before A shares.
    const strangerFrames = recordMapFrames(stranger.page);
    const [strangerSocket] = await Promise.all([
      stranger.page.waitForEvent('websocket'),
      stranger.page.reload(),
    ]);
    const [viewerSocket] = await Promise.all([viewer.page.waitForEvent('websocket'), viewer.page.reload()]);
    expect(strangerSocket.isClosed() || viewerSocket.isClosed()).toBe(false);
    const sharer = await openMap('/mapa', a, { at: ASTORGA });
    const sent = recordMapFrames(sharer.page, 'framesent');

    await sharer.page.getByRole('button', { name: 'Mi posición' }).click();
    await sharer.page.getByLabel('Visible para mis amigos').check();
    await sharer.page.getByLabel('Radio de aproximación (metros)').fill('500');
    await sharer.page.getByLabel('1 hora').check();
    await sharer.page.getByRole('button', { name: 'Guardar' }).click();
    await sharer.page.getByText(/Compartes tu posición aproximada hasta las/).waitFor();
    expect(await sharer.page.evaluate(() => localStorage.getItem('visible_range'))).toBe('500');

    // B sees A's avatar, linking to A's profile, within 500 m of the true point but not on it: the point
    // A's browser drew, snapped by the server to its grid (cells of 111 × 165 m here, ≤ 100 m to a corner).
    const marker = viewer.page.locator(`a[data-user="${a.username}"]`);
    await marker.waitFor({ timeout: 30_000 });
    expect(await marker.getAttribute('href')).toBe(`/perfil/${a.username}`);
    const shown = {
      latitude: Number(await marker.getAttribute('data-lat')),
      longitude: Number(await marker.getAttribute('data-lng')),
    };
    const metres = distanceKm(ASTORGA, shown) * 1000;
    expect(metres).toBeLessThanOrEqual(600);
    expect(shown.latitude === ASTORGA.latitude && shown.longitude === ASTORGA.longitude).toBe(false);

    // What left A's browser was never the true point, and always the same one while A stayed put.
    const shared = sent.filter((frame) => frame.type > 0);
    expect(shared.length).toBeGreaterThan(0);
    expect(new Set(shared.map((frame) => `${frame.lat},${frame.lng}`)).size).toBe(1);
    for (const frame of shared) {
      expect(frame).toMatchObject({ t: 'm', ta: 'pos', type: 1, until: expect.any(Number) });
      expect(distanceKm(ASTORGA, { latitude: frame.lat, longitude: frame.lng }) * 1000).toBeLessThanOrEqual(
        500,
      );
      expect(frame.lat === ASTORGA.latitude && frame.lng === ASTORGA.longitude).toBe(false);
    }

    // C, who is not A's friend, has it neither on the map, nor on the socket, nor from the API.
    const positionsForC = await apiAs<LivePosition[]>(c, 'GET', '/map/positions');
    expect(positionsForC.map((p) => p.u)).not.toContain(a.username);
    expect(await stranger.page.locator(`a[data-user="${a.username}"]`).count()).toBe(0);
    expect(strangerFrames.filter((frame) => frame.u === a.username)).toEqual([]);

    // A stops sharing: B's marker goes at once.
    await sharer.page.getByRole('button', { name: 'Dejar de compartir' }).click();
    await sharer.page.getByText('No compartes tu posición.').waitFor();
    await marker.waitFor({ state: 'detached', timeout: 10_000 });
    expect(sent.at(-1)).toEqual({ t: 'm', ta: 'pos', lng: 0, lat: 0, type: 0 });
    expect(await apiAs<LivePosition[]>(b, 'GET', '/map/positions')).toEqual([]);
    expect(strangerFrames.filter((frame) => frame.u === a.username)).toEqual([]);

    expect([...viewer.errors, ...stranger.errors, ...sharer.errors]).toEqual([]);
    await Promise.all([viewer.context.close(), stranger.context.close(), sharer.context.close()]);
  });
});
