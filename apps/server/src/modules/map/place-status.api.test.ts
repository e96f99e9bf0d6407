import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import type { MapPoint, PlaceStatus } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { readZip } from '../../test/zip.js';

type Session = Awaited<ReturnType<TestServer['createSession']>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestServer;
let ana: Session;
let bea: Session;
let cris: Session;
beforeAll(async () => {
  t = await startTestServer();
  [ana, bea, cris] = [await t.createSession(), await t.createSession(), await t.createSession()];
  // Accounts two days old on the app's clock: their reports weigh in full.
  t.clock.advance(48 * HOUR);
});
afterAll(() => t?.close());

/** A public area of its own, in a box of its own (bbox `w,s,e,n` around it). */
let placeCount = 0;
async function area(services: string[] = ['agua', 'electricidad', 'wc']) {
  placeCount++;
  const lat = 30 + placeCount * 0.1;
  const place = await createPlace(t, { lat, lng: 20.05, services: services as never });
  return { ...place, bbox: `20,${lat - 0.05},20.1,${lat + 0.05}` };
}

const statusOf = async (urlpoint: string, token?: string) => {
  const answer = await t.get(`/api/map/location/${urlpoint}/status`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PlaceStatus;
};

const say = (urlpoint: string, who: Session, what: 'service' | 'price' | 'occupancy', body: object) =>
  t.post<{ state: string; msg: string; data: PlaceStatus }>(`/api/map/location/${urlpoint}/${what}`, {
    token: who.token,
    body,
  });

/** A time the app's clock gave during the last few seconds (the clock runs, moved forward by the tests). */
const justNow = () =>
  expect.toSatisfy((at: string) => Math.abs(Date.parse(at) - t.clock.now().getTime()) < 5000, 'just now');

async function pointOf(bbox: string, urlpoint: string) {
  const answer = await t.get(`/api/map/points?bbox=${bbox}`);
  return (answer.body.data.points as MapPoint[]).find((point) => point.u === urlpoint)!;
}

describe('service status', () => {
  it('says how many confirmed it and when, and fades to sin confirmar after SERVICE_STATUS_FRESH_HOURS', async () => {
    const place = await area();
    const first = await say(place.urlpoint, ana, 'service', { service: 'agua', state: 'funciona' });
    expect(first.body).toMatchObject({ state: 'OK', msg: MSG.placeStatusSaved });
    t.clock.advance(2 * HOUR);
    const second = await say(place.urlpoint, bea, 'service', { service: 'agua', state: 'funciona' });
    const { at } = second.body.data.services[0]!;
    expect(second.body.data.services).toEqual([
      { service: 'agua', state: 'funciona', works: 2, broken: 0, at: justNow(), mine: 'funciona' },
      { service: 'electricidad', state: 'sin_confirmar', works: 0, broken: 0, at: null, mine: null },
      { service: 'wc', state: 'sin_confirmar', works: 0, broken: 0, at: null, mine: null },
    ]);
    // A visitor reads the same, without a word of their own.
    expect((await statusOf(place.urlpoint)).services[0]).toEqual({
      service: 'agua',
      state: 'funciona',
      works: 2,
      broken: 0,
      at,
      mine: null,
    });

    // Ana's report (two hours older) fades first, then Bea's.
    t.clock.advance(71 * HOUR);
    expect((await statusOf(place.urlpoint)).services[0]).toMatchObject({ state: 'funciona', works: 1 });
    t.clock.advance(2 * HOUR);
    expect((await statusOf(place.urlpoint, ana.token)).services[0]).toEqual({
      service: 'agua',
      state: 'sin_confirmar',
      works: 0,
      broken: 0,
      at: null,
      mine: null,
    });
  });

  it('shows fresh reports that disagree as such, with both counts; a user changing their mind counts once', async () => {
    const place = await area();
    await say(place.urlpoint, ana, 'service', { service: 'wc', state: 'funciona' });
    await say(place.urlpoint, bea, 'service', { service: 'wc', state: 'funciona' });
    const answer = await say(place.urlpoint, cris, 'service', { service: 'wc', state: 'no_funciona' });
    expect(answer.body.data.services[2]).toMatchObject({ state: 'distintas', works: 2, broken: 1 });
    const changed = await say(place.urlpoint, bea, 'service', { service: 'wc', state: 'no_funciona' });
    expect(changed.body.data.services[2]).toMatchObject({
      state: 'distintas',
      works: 1,
      broken: 2,
      mine: 'no_funciona',
    });
  });

  it('takes only the services the place has, and the price paid with its date', async () => {
    const place = await area(['agua']);
    const wifi = await say(place.urlpoint, ana, 'service', { service: 'wifi', state: 'funciona' });
    expect([wifi.status, wifi.body.msg]).toEqual([400, MSG.placeServiceUnknown]);
    const unknown = await say(place.urlpoint, ana, 'service', { service: 'jacuzzi', state: 'funciona' });
    expect([unknown.status, unknown.body.msg]).toEqual([400, MSG.placeServiceUnknown]);
    const tooDear = await say(place.urlpoint, ana, 'price', { price: 9000 });
    expect([tooDear.status, tooDear.body.msg]).toEqual([400, MSG.placePriceInvalid]);

    await say(place.urlpoint, ana, 'price', { price: 12.5 });
    t.clock.advance(5 * HOUR);
    const free = await say(place.urlpoint, bea, 'price', { price: 0 });
    expect(free.body.data.price).toEqual({ price: 0, at: justNow(), reports: 2 });
    // The latest price stays, with its date, after the services' window.
    t.clock.advance(100 * HOUR);
    expect((await statusOf(place.urlpoint)).price).toMatchObject({ price: 0, reports: 2 });
  });
});

describe('¿Hay sitio?', () => {
  it('shows on the sheet and the marker, once per OCCUPANCY_REPORT_MINUTES per user, and expires after OCCUPANCY_HOURS', async () => {
    const place = await area();
    expect(await pointOf(place.bbox, place.urlpoint)).not.toHaveProperty('o');
    const said = await say(place.urlpoint, ana, 'occupancy', { state: 'sitio' });
    const at = new Date(said.body.data.occupancy!.at);
    expect(said.body.data).toMatchObject({
      occupancy: { state: 'sitio', at: justNow(), reports: 1 },
      mineOccupancy: 'sitio',
      occupancyHours: 3,
    });
    expect(await pointOf(place.bbox, place.urlpoint)).toMatchObject({
      o: 'sitio',
      oa: Math.floor(at.getTime() / 1000),
    });

    t.clock.advance(20 * MINUTE);
    const again = await say(place.urlpoint, ana, 'occupancy', { state: 'lleno' });
    expect([again.status, again.body.msg]).toEqual([429, MSG.placeOccupancyTooSoon]);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60);
    // Someone else may say it meanwhile: the freshest state shows.
    await say(place.urlpoint, bea, 'occupancy', { state: 'pocas' });
    expect((await statusOf(place.urlpoint)).occupancy).toMatchObject({ state: 'pocas', reports: 1 });
    t.clock.advance(11 * MINUTE);
    const later = await say(place.urlpoint, ana, 'occupancy', { state: 'lleno' });
    expect(later.body.data.occupancy).toMatchObject({ state: 'lleno' });
    expect(await pointOf(place.bbox, place.urlpoint)).toMatchObject({ o: 'lleno' });

    t.clock.advance(3 * HOUR + MINUTE);
    expect(await statusOf(place.urlpoint, ana.token)).toMatchObject({ occupancy: null, mineOccupancy: null });
    expect(await pointOf(place.bbox, place.urlpoint)).not.toHaveProperty('o');
  });

  it('weighs a quarter from accounts a day old, as post reports do: one alone shows nothing, four do', async () => {
    const place = await area();
    const newcomers = [];
    for (let i = 0; i < 4; i++) newcomers.push(await t.createSession());
    await sql`update users set created_at = ${t.clock.now()} where id in (${sql.join(newcomers.map((n) => n.id))})`.execute(
      t.db,
    );
    const one = await say(place.urlpoint, newcomers[0]!, 'occupancy', { state: 'lleno' });
    expect(one.body.data).toMatchObject({ occupancy: null, mineOccupancy: 'lleno' });
    for (const newcomer of newcomers.slice(1, 3))
      await say(place.urlpoint, newcomer, 'occupancy', { state: 'lleno' });
    expect((await statusOf(place.urlpoint)).occupancy).toBeNull();
    const fourth = await say(place.urlpoint, newcomers[3]!, 'occupancy', { state: 'lleno' });
    expect(fourth.body.data.occupancy).toMatchObject({ state: 'lleno', reports: 4 });
    // A day later on the clock, the same account weighs in full.
    const other = await area();
    t.clock.advance(25 * HOUR);
    const grown = await say(other.urlpoint, newcomers[0]!, 'occupancy', { state: 'sitio' });
    expect(grown.body.data.occupancy).toMatchObject({ state: 'sitio', reports: 1 });
  });

  it('takes a retried write once (Idempotency-Key), refuses visitors (401) and hides drafts from them (404)', async () => {
    const place = await area();
    const headers = { 'idempotency-key': 'hay-sitio-0001' };
    const first = await t.post(`/api/map/location/${place.urlpoint}/occupancy`, {
      token: cris.token,
      headers,
      body: { state: 'pocas' },
    });
    const retry = await t.post(`/api/map/location/${place.urlpoint}/occupancy`, {
      token: cris.token,
      headers,
      body: { state: 'pocas' },
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);

    for (const [what, body] of [
      ['service', { service: 'agua', state: 'funciona' }],
      ['price', { price: 10 }],
      ['occupancy', { state: 'sitio' }],
    ] as const) {
      const visitor = await t.post(`/api/map/location/${place.urlpoint}/${what}`, { body });
      expect([visitor.status, visitor.body.msg]).toEqual([401, MSG.sessionRequired]);
    }
    const draft = await createPlace(t, { status: 'draft', authorId: ana.id });
    expect((await t.get(`/api/map/location/${draft.urlpoint}/status`)).status).toBe(404);
    expect((await t.get(`/api/map/location/${draft.urlpoint}/status`, { token: bea.token })).status).toBe(
      200,
    );
    expect((await t.get('/api/map/location/no-existe/status', { token: bea.token })).status).toBe(404);
  });
});

describe('the user’s reports in their export and deletion', () => {
  it('exports them, and a deleted account’s room report leaves the sheet and the marker', async () => {
    const me = await t.createSession();
    const place = await area();
    await say(place.urlpoint, me, 'service', { service: 'agua', state: 'no_funciona' });
    await say(place.urlpoint, me, 'price', { price: 8 });
    await say(place.urlpoint, me, 'occupancy', { state: 'lleno' });
    expect(await pointOf(place.bbox, place.urlpoint)).toMatchObject({ o: 'lleno' });

    const link = (await t.post('/api/perfil/export', { token: me.token, body: { password: me.password } }))
      .body.data.url as string;
    const zip = Buffer.from(await (await fetch(`${t.baseUrl}${link}`)).arrayBuffer());
    const map = JSON.parse(readZip(zip).get('mapa.json')!.toString('utf8'));
    const where = `${t.config.publicUrl}/mapa/location/${place.urlpoint}`;
    expect(map.avisos_de_lugares).toEqual([
      { lugar: where, sobre: 'agua', estado: 'no_funciona', fecha: expect.any(String) },
      { lugar: where, sobre: 'precio', precio: 8, fecha: expect.any(String) },
      { lugar: where, sobre: 'sitio', estado: 'lleno', fecha: expect.any(String) },
    ]);

    const gone = await t.post('/api/perfil/delete', { token: me.token, body: { password: me.password } });
    expect(gone.status).toBe(200);
    expect(await statusOf(place.urlpoint)).toMatchObject({ occupancy: null, price: null });
    expect((await statusOf(place.urlpoint)).services[0]).toMatchObject({ state: 'sin_confirmar' });
    await t.eventsHeard();
    expect(await pointOf(place.bbox, place.urlpoint)).not.toHaveProperty('o');
  });
});
