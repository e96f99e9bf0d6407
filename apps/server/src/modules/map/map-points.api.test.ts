import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';

let t: TestServer;
let author: Awaited<ReturnType<TestServer['createSession']>>;
beforeAll(async () => {
  t = await startTestServer();
  author = await t.createSession();
  // A box of their own, away from anything else the file adds: west 10, south 40, east 11, north 41.
  const at = (i: number) => ({
    lat: [40.1, 40.2, 40.3, 40.4, 40.5][i]!,
    lng: [10.1, 10.2, 10.3, 10.4, 10.5][i]!,
  });
  await createPlace(t, {
    ...at(0),
    urlpoint: 'a-gratis-8m',
    services: ['agua', 'grises', 'negras'],
    maxLength: 8,
    maxHeight: 3.5,
  });
  await createPlace(t, {
    ...at(1),
    urlpoint: 'b-sin-limites',
    services: ['agua', 'electricidad'],
    price: 12,
  });
  await createPlace(t, { ...at(2), urlpoint: 'c-glp', kind: 'glp' });
  await createPlace(t, {
    ...at(3),
    urlpoint: 'd-completa-12m',
    services: ['agua', 'grises', 'negras', 'electricidad'],
    price: 5,
    maxLength: 12,
    maxHeight: 4,
  });
  await createPlace(t, { lat: 39.9, lng: 10.5, urlpoint: 'e-fuera-al-sur' });
  await createPlace(t, { lat: 40.5, lng: 11.2, urlpoint: 'f-fuera-al-este' });
  await createPlace(t, { ...at(4), urlpoint: 'g-borrador', status: 'draft', authorId: author.id });
});
afterAll(() => t?.close());

const BOX = 'bbox=10,40,11,41';

async function urlpoints(query: string, token?: string): Promise<string[]> {
  const answer = await t.get(`/api/map/points?${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { points, total } = answer.body.data as { points: MapPoint[]; total: number };
  expect(total).toBe(points.length);
  return points.map((point) => point.u).sort();
}

describe('GET /api/map/points', () => {
  it('answers the public points inside the box, with their short keys', async () => {
    expect(await urlpoints(BOX)).toEqual(['a-gratis-8m', 'b-sin-limites', 'c-glp', 'd-completa-12m']);
    const answer = await t.get(`/api/map/points?${BOX}&kinds=glp`);
    expect(answer.body).toEqual({
      state: 'OK',
      data: {
        points: [{ u: 'c-glp', n: expect.any(String), lat: 40.3, lng: 10.3, k: 'glp', f: 0, r: null, d: 0 }],
        total: 1,
      },
    });
  });

  it('filters by kinds, by services (all of them) and by free', async () => {
    expect(await urlpoints(`${BOX}&kinds=default`)).toEqual([
      'a-gratis-8m',
      'b-sin-limites',
      'd-completa-12m',
    ]);
    expect(await urlpoints(`${BOX}&kinds=glp,default`)).toHaveLength(4);
    expect(await urlpoints(`${BOX}&services=agua,negras`)).toEqual(['a-gratis-8m', 'd-completa-12m']);
    expect(await urlpoints(`${BOX}&services=electricidad`)).toEqual(['b-sin-limites', 'd-completa-12m']);
    expect(await urlpoints(`${BOX}&services=wifi`)).toEqual([]);
    // An LPG station with no price is no free night.
    expect(await urlpoints(`${BOX}&free=1`)).toEqual(['a-gratis-8m']);
    expect(await urlpoints(`${BOX}&free=0`)).toHaveLength(4);
  });

  it('keeps the places my vehicle fits: limit unknown, or at least its length and height', async () => {
    expect(await urlpoints(`${BOX}&length=8`)).toEqual([
      'a-gratis-8m',
      'b-sin-limites',
      'c-glp',
      'd-completa-12m',
    ]);
    expect(await urlpoints(`${BOX}&length=9.5`)).toEqual(['b-sin-limites', 'c-glp', 'd-completa-12m']);
    expect(await urlpoints(`${BOX}&length=12.5`)).toEqual(['b-sin-limites', 'c-glp']);
    expect(await urlpoints(`${BOX}&height=3.6`)).toEqual(['b-sin-limites', 'c-glp', 'd-completa-12m']);
    expect(await urlpoints(`${BOX}&length=10&height=3.8&services=agua&kinds=default`)).toEqual([
      'b-sin-limites',
      'd-completa-12m',
    ]);
  });

  it('shows a draft, marked d:1, to registered users (who may confirm it), never to visitors', async () => {
    expect(await urlpoints(BOX, author.token)).toContain('g-borrador');
    const other = await t.createSession();
    expect(await urlpoints(BOX, other.token)).toContain('g-borrador');
    expect(await urlpoints(BOX)).not.toContain('g-borrador');
    const answer = await t.get(`/api/map/points?bbox=10.45,40.45,10.6,40.6`, { token: other.token });
    expect(answer.body.data.points).toEqual([expect.objectContaining({ u: 'g-borrador', d: 1 })]);
  });

  it('puts a place on the line between two boxes side by side in one of them', async () => {
    await createPlace(t, { lat: 41, lng: -3, urlpoint: 'en-la-linea' });
    const west = await urlpoints('bbox=-3.5,40.5,-3,41');
    const east = await urlpoints('bbox=-3,40.5,-2.5,41');
    const north = await urlpoints('bbox=-3.5,41,-3,41.5');
    const northEast = await urlpoints('bbox=-3,41,-2.5,41.5');
    expect([west, east, north, northEast].filter((box) => box.includes('en-la-linea'))).toHaveLength(1);
    expect(northEast).toContain('en-la-linea');
  });

  it('takes boxes up to the edges of the world, strictly inside ±180 and ±90', async () => {
    expect((await t.get('/api/map/points?bbox=-179.999,-89.999,179.999,89.999')).status).toBe(200);
  });

  it.each([
    ['missing', ''],
    ['empty', 'bbox='],
    ['not numbers', 'bbox=a,b,c,d'],
    ['three numbers', 'bbox=1,2,3'],
    ['five numbers', 'bbox=1,2,3,4,5'],
    ['west at -180', 'bbox=-180,40,11,41'],
    ['east at 180', 'bbox=10,40,180,41'],
    ['south at -90', 'bbox=10,-90,11,41'],
    ['north at 90', 'bbox=10,40,11,90'],
    ['west not below east', 'bbox=11,40,11,41'],
    ['west east of east', 'bbox=12,40,11,41'],
    ['south not below north', 'bbox=10,41,11,41'],
    ['infinite', 'bbox=-Infinity,40,11,41'],
  ])('refuses a bad box (%s) with 400 and the coordinates message', async (_name, query) => {
    const answer = await t.get(`/api/map/points?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.invalidCoordinates });
  });

  it('refuses unknown filter words and impossible vehicles with 400', async () => {
    for (const query of [
      'kinds=camping',
      'services=piscina',
      'free=2',
      'length=-1',
      'height=99',
      'length=x',
    ]) {
      const answer = await t.get(`/api/map/points?${BOX}&${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: expect.any(String) });
    }
  });
});

describe('the shared answers of the map', () => {
  it('forget only the boxes that hold a place added, and keep the others', async () => {
    const traveller = await t.createSession();
    const held = () => t.ctx.mapPoints.size().keys;
    await t.get('/api/map/points?bbox=20,40,21,41', { token: traveller.token });
    await t.get('/api/map/points?bbox=22,40,23,41', { token: traveller.token });
    const before = held();
    await t.post('/api/map/location', {
      token: traveller.token,
      body: {
        kind: 'default',
        name: 'Área del puerto',
        description: 'Llana, junto al muelle.',
        lat: 40.5,
        lng: 20.5,
        services: [],
        price: 0,
        season: '',
        maxStay: null,
        places: null,
        maxLength: null,
        maxHeight: null,
        surface: '',
      },
    });
    await t.eventsHeard();
    const after = held();
    expect(after).toBeLessThan(before);
    // The other box is still held: reading it again adds nothing.
    await t.get('/api/map/points?bbox=22,40,23,41', { token: traveller.token });
    expect(held()).toBe(after);
    // The one that holds the place was forgotten, and is read afresh.
    const points = await t.get('/api/map/points?bbox=20,40,21,41', { token: traveller.token });
    expect(held()).toBe(after + 1);
    expect(points.body.data.total).toBe(1);
  });

  it('hold no more than their budget of bytes, dropping the boxes read longest ago', async () => {
    // About 10 KB: some sixty answers of an empty box.
    const small = await startTestServer({ MAP_POINTS_CACHE_MB: '0.01' });
    try {
      for (let w = 0; w < 100; w++) await small.get(`/api/map/points?bbox=${w},0,${w + 1},1`);
      const { keys, bytes } = small.ctx.mapPoints.size();
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(0.01 * 1024 * 1024);
      expect(keys).toBeLessThan(100);
    } finally {
      await small.close();
    }
  });
});
