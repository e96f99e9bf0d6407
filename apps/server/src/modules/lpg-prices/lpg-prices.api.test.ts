import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { MapPoint } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { importLpgPrices, LPG_PRICES_JOB, scheduleLpgPrices } from './lpg-prices.js';

// The Ministry's answer as recorded (fixtures/), served over loopback HTTP: the importer's real fetch.
const fixture = (name: string) => fs.readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
let answer = '';
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
const source = http.createServer((request, response) => {
  // The first import (the job, at start) waits until the places it must find are there.
  void released.then(() => {
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(answer);
  });
});

let t: TestServer;
let url: string;
let places: Record<
  'astorga' | 'ponferrada' | 'leonOther' | 'benaventeArea',
  { id: string; urlpoint: string }
>;

const countPlaces = async () =>
  Number(
    (
      await t.db
        .selectFrom('map_locations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const priceOf = async (locationId: string) =>
  (
    await t.db
      .selectFrom('place_lpg_prices')
      .selectAll()
      .where('location_id', '=', locationId)
      .executeTakeFirst()
  )?.lpg_price;

beforeAll(async () => {
  answer = await fixture('estaciones-terrestres.json');
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/ServiciosRESTCarburantes/PreciosCarburantes/EstacionesTerrestres/`;
  t = await startTestServer({ LPG_PRICES_URL: url, LPG_PRICES_EVERY_HOURS: '12' });
  places = {
    // ≈ 60 m from the Repsol station of Astorga, and named like it: the same station.
    astorga: await createPlace(t, {
      kind: 'glp',
      name: 'Gasolinera Repsol de Astorga',
      lat: 42.4571,
      lng: -6.0624,
    }),
    // ≈ 30 m from the Galp of Ponferrada, named otherwise: that close, the same station all the same.
    ponferrada: await createPlace(t, { kind: 'glp', name: 'Estación El Bierzo', lat: 42.548, lng: -6.6032 }),
    // ≈ 120 m from León's Repsol and named for another brand: another station.
    leonOther: await createPlace(t, { kind: 'glp', name: 'Gasolinera Cepsa', lat: 42.6114, lng: -5.58004 }),
    // On top of Benavente's station, but an area for the night, not an LPG place.
    benaventeArea: await createPlace(t, { name: 'Área de Benavente', lat: 42.99784, lng: -5.67225 }),
  };
  release();
  // The job queued at start runs once the answer comes.
  for (const deadline = Date.now() + 15_000; ;) {
    const job = await t.db
      .selectFrom('jobs')
      .select('state')
      .where('kind', '=', LPG_PRICES_JOB)
      .orderBy('id')
      .executeTakeFirst();
    if (job?.state === 'done') break;
    if (Date.now() > deadline) throw new Error(`LPG job not done: ${job?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
});
afterAll(async () => {
  await t?.close();
  source.close();
});

describe('LPG prices import (job)', () => {
  it('ties stations to the LPG places at their spot, adds the others as public places of nobody, and runs again later', async () => {
    expect(await priceOf(places.astorga.id)).toBe('0.979');
    expect(await priceOf(places.ponferrada.id)).toBe('0.999');
    expect(await priceOf(places.leonOther.id)).toBeUndefined();
    expect(await priceOf(places.benaventeArea.id)).toBeUndefined();

    // 13 stations sell LPG in the sample; 2 were on the map already.
    const added = await t.db
      .selectFrom('map_locations as l')
      .innerJoin('place_lpg_prices as p', 'p.location_id', 'l.id')
      .select(['l.name', 'l.kind', 'l.status', 'l.author_id', 'l.municipality', 'p.station_id'])
      .where('l.id', 'not in', [places.astorga.id, places.ponferrada.id])
      .orderBy('p.station_id')
      .execute();
    expect(added).toHaveLength(11);
    expect(
      added.every((row) => row.kind === 'glp' && row.status === 'public' && row.author_id === null),
    ).toBe(true);
    expect(added.find((row) => row.station_id === '3311')).toMatchObject({
      name: 'Repsol GLP León',
      municipality: 'León',
    });
    // Named for its brand and town, once.
    expect(added.find((row) => row.station_id === '15555')?.name).toBe('Autogas Cartagena GLP');
    expect(added.find((row) => row.station_id === '12881')?.name).toBe('Cepsa GLP Zaragoza');

    const next = await t.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', LPG_PRICES_JOB)
      .where('state', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    expect(next[0]!.run_at.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    // Another instance starting now schedules nothing more.
    expect(await scheduleLpgPrices(t.ctx)).toBe(false);
  });

  it('shows the price and its date on the sheet and the points of an LPG station', async () => {
    const sheet = await t.get(`/api/map/location/${places.astorga.urlpoint}`);
    // "29/11/2026 9:40:13" in Spain, winter time.
    expect(sheet.body.data.lpg).toEqual({ price: 0.979, date: '2026-11-29T08:40:13.000Z' });
    expect((await t.get(`/api/map/location/${places.benaventeArea.urlpoint}`)).body.data.lpg).toBeUndefined();

    const points = await t.get('/api/map/points?bbox=-6.1,42.4,-6,42.5&kinds=glp');
    const astorga = (points.body.data.points as MapPoint[]).find(
      (point) => point.u === places.astorga.urlpoint,
    );
    expect(astorga).toMatchObject({ g: 0.979, ga: Date.parse('2026-11-29T08:40:13Z') / 1000 });
  });

  it('writes nothing from a malformed answer', async () => {
    const before = await countPlaces();
    // Every price changed, and the last station's longitude garbled.
    answer = await fixture('estaciones-terrestres-malformed.json');
    await expect(importLpgPrices(t.ctx, url)).rejects.toBeInstanceOf(ZodError);
    answer = '{"Fecha": "30/11/2026 9:41:02", "ListaEESSPrecio": [], "ResultadoConsulta": "ERROR"}';
    await expect(importLpgPrices(t.ctx, url)).rejects.toBeInstanceOf(ZodError);
    expect(await countPlaces()).toBe(before);
    expect(await priceOf(places.astorga.id)).toBe('0.979');
  });

  it('updates prices on a new answer without adding its places again, and the map shows them at once', async () => {
    await t.get('/api/map/points?bbox=-6.1,42.4,-6,42.5&kinds=glp'); // the box is cached
    const before = await countPlaces();
    answer = (await fixture('estaciones-terrestres.json'))
      .replace('29/11/2026 9:40:13', '30/11/2026 9:41:02')
      .replace('"0,979"', '"0,939"');
    expect(await importLpgPrices(t.ctx, url)).toEqual({ stations: 13, added: 0 });
    expect(await countPlaces()).toBe(before);
    expect(await priceOf(places.astorga.id)).toBe('0.939');
    const points = await t.get('/api/map/points?bbox=-6.1,42.4,-6,42.5&kinds=glp');
    expect(
      (points.body.data.points as MapPoint[]).find((point) => point.u === places.astorga.urlpoint)?.g,
    ).toBe(0.939);
  });

  it('keeps the last price of a station the source no longer lists, stale, and adds no place for it again', async () => {
    const before = await countPlaces();
    const full = JSON.parse(await fixture('estaciones-terrestres.json')) as {
      Fecha: string;
      ListaEESSPrecio: Array<{ IDEESS: string }>;
    };
    // Ponferrada's Galp (5120) is gone; Astorga's Repsol (4402) is listed under a new number, at its spot.
    answer = JSON.stringify({
      ...full,
      Fecha: '01/12/2026 9:40:00',
      ListaEESSPrecio: full.ListaEESSPrecio.filter((s) => s.IDEESS !== '5120').map((s) =>
        s.IDEESS === '4402' ? { ...s, IDEESS: '99001' } : s,
      ),
    });
    expect(await importLpgPrices(t.ctx, url)).toEqual({ stations: 12, added: 0 });
    expect(await countPlaces()).toBe(before);
    const rowOf = (locationId: string) =>
      t.db
        .selectFrom('place_lpg_prices')
        .select(['station_id', 'lpg_price', 'delisted_at'])
        .where('location_id', '=', locationId)
        .executeTakeFirstOrThrow();
    expect(await rowOf(places.astorga.id)).toMatchObject({ station_id: '99001', delisted_at: null });
    expect(await rowOf(places.ponferrada.id)).toMatchObject({ station_id: '5120', lpg_price: '0.999' });
    expect((await rowOf(places.ponferrada.id)).delisted_at).not.toBeNull();
    const near = await t.get('/api/map/glp?lat=42.548&lng=-6.6032&r=5');
    expect(near.body.data.stations).toEqual([
      expect.objectContaining({ u: places.ponferrada.urlpoint, price: 0.999, stale: true }),
    ]);

    // Listed again (and 99001 gone): fresh on its own place, and 4402 back on Astorga's; nothing added.
    answer = JSON.stringify({ ...full, Fecha: '02/12/2026 9:40:00' });
    expect(await importLpgPrices(t.ctx, url)).toEqual({ stations: 13, added: 0 });
    expect(await countPlaces()).toBe(before);
    expect(await rowOf(places.ponferrada.id)).toMatchObject({ station_id: '5120', delisted_at: null });
    expect(await rowOf(places.astorga.id)).toMatchObject({ station_id: '4402', delisted_at: null });
    expect((await t.get('/api/map/glp?lat=42.548&lng=-6.6032&r=5')).body.data.stations).toEqual([
      expect.objectContaining({ u: places.ponferrada.urlpoint, stale: false }),
    ]);
  });
});
