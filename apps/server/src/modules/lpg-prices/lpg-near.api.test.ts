import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';

// GET /api/map/glp around a point of its own in the middle of the Mediterranean (38° N, 4° E), with LPG
// places at known distances due north of it, priced as the importer leaves them.
const FROM = { lat: 38, lng: 4 };
const HOUR = 3600_000;

let t: TestServer;

/** An LPG place `km` due north of FROM, with `price` (€/l) that held `hoursAgo` hours ago. */
async function station(
  urlpoint: string,
  km: number,
  price: number | null,
  options: { hoursAgo?: number; delisted?: boolean; status?: 'public' | 'draft' } = {},
) {
  const place = await createPlace(t, {
    urlpoint,
    kind: 'glp',
    name: `Gasolinera ${urlpoint}`,
    municipality: `Pueblo ${urlpoint}`,
    lat: FROM.lat + km / 111.195,
    lng: FROM.lng,
    status: options.status ?? 'public',
  });
  if (price === null) return;
  await t.db
    .insertInto('place_lpg_prices')
    .values({
      location_id: place.id,
      station_id: `st-${urlpoint}`,
      lpg_price: price,
      priced_at: new Date(Date.now() - (options.hoursAgo ?? 2) * HOUR),
      delisted_at: options.delisted ? new Date() : null,
    })
    .execute();
}

const near = (query: string) => t.get(`/api/map/glp?${query}`);
const urlpoints = async (query: string) =>
  ((await near(query)).body.data.stations as Array<{ u: string }>).map((s) => s.u);

beforeAll(async () => {
  t = await startTestServer();
  await station('a-0989-5km', 5, 0.989);
  await station('b-0979-30km', 30, 0.979);
  await station('c-0979-9km', 9, 0.979);
  // Cheaper, but priced 8 days ago: stale.
  await station('d-0899-20km-antiguo', 20, 0.899, { hoursAgo: 8 * 24 });
  // Priced an hour ago, but the source no longer lists it: stale too.
  await station('e-0900-15km-retirada', 15, 0.9, { hoursAgo: 1, delisted: true });
  await station('f-0850-60km', 60, 0.85);
  await station('g-sin-precio-2km', 2, null);
  await station('h-borrador-1km', 1, 0.7, { status: 'draft' });
  // An area for the night, not an LPG place, even with a price row.
  const area = await createPlace(t, { urlpoint: 'i-area-3km', lat: FROM.lat + 3 / 111.195, lng: FROM.lng });
  await t.db
    .insertInto('place_lpg_prices')
    .values({ location_id: area.id, station_id: 'st-area', lpg_price: 0.5, priced_at: new Date() })
    .execute();
});
afterAll(() => t?.close());

describe('GET /api/map/glp', () => {
  it('answers the public LPG stations with a price within 50 km: fresh ones by price then distance, then the stale', async () => {
    const answer = await near(`lat=${FROM.lat}&lng=${FROM.lng}`);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('OK');
    expect(answer.body.data.r).toBe(50);
    expect(answer.body.data.stations.map((s: { u: string }) => s.u)).toEqual([
      'c-0979-9km',
      'b-0979-30km',
      'a-0989-5km',
      'd-0899-20km-antiguo',
      'e-0900-15km-retirada',
    ]);
    const [first] = answer.body.data.stations;
    expect(first).toEqual({
      u: 'c-0979-9km',
      n: 'Gasolinera c-0979-9km',
      town: 'Pueblo c-0979-9km',
      price: 0.979,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      km: 9,
      stale: false,
    });
    expect(Date.now() - Date.parse(first.date)).toBeGreaterThan(1.9 * HOUR);
    const stale = answer.body.data.stations.filter((s: { stale: boolean }) => s.stale);
    expect(stale.map((s: { u: string }) => s.u)).toEqual(['d-0899-20km-antiguo', 'e-0900-15km-retirada']);
  });

  it('keeps to the radius asked', async () => {
    expect(await urlpoints(`lat=${FROM.lat}&lng=${FROM.lng}&r=10`)).toEqual(['c-0979-9km', 'a-0989-5km']);
    const wide = await urlpoints(`lat=${FROM.lat}&lng=${FROM.lng}&r=70`);
    expect(wide[0]).toBe('f-0850-60km');
    expect(wide).toHaveLength(6);
    // From 40 km farther south: the 5 and 9 km stations are 45 and 49 km away, the 15 km one 55.
    const south = await urlpoints(`lat=${FROM.lat - 40 / 111.195}&lng=${FROM.lng}`);
    expect(south).toEqual(['c-0979-9km', 'a-0989-5km']);
  });

  it('refuses a point or a radius it cannot read, in Spanish', async () => {
    expect((await near('lat=95&lng=4')).body).toEqual({ state: 'KO', msg: MSG.invalidCoordinates });
    expect((await near('lat=38')).status).toBe(400);
    for (const r of ['500', '0', 'lejos']) {
      const answer = await near(`lat=38&lng=4&r=${r}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: 'El radio de búsqueda va en kilómetros, de 1 a 100' });
    }
  });
});
