import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maskMonths,
  monthInSpain,
  monthsMask,
  MSG,
  vehicleFit,
  vehicleMayFit,
  type Vehicle,
} from '@nomadas/shared';
import type { MapLocation, MapPoint } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';

// Issue #32: the nomad's own vehicle (GET/POST/DELETE /api/perfil/vehiculo), the vehicle filter of the map's
// points against the "fits" answer of the shared rule, and the months a place is open ("Abierto ahora").

let t: TestServer;
// Two accounts for the whole file: a login costs a password hash.
let ana: Awaited<ReturnType<TestServer['createSession']>>;
let luis: typeof ana;
beforeAll(async () => {
  t = await startTestServer();
  [ana, luis] = await Promise.all([t.createSession(), t.createSession()]);
});
afterAll(() => t?.close());

const vehicleCall = (token: string | undefined, body?: unknown) =>
  body === undefined
    ? t.get('/api/perfil/vehiculo', { token })
    : t.post('/api/perfil/vehiculo', { token, body });

async function urlpoints(query: string): Promise<string[]> {
  const answer = await t.get(`/api/map/points?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.points as MapPoint[]).map((point) => point.u).sort();
}

describe('/api/perfil/vehiculo', () => {
  it('keeps one vehicle per account, only for its owner', async () => {
    expect((await vehicleCall(undefined)).status).toBe(401);
    expect((await vehicleCall(undefined, { type: 'camper' })).status).toBe(401);
    expect((await vehicleCall(ana.token)).body).toEqual({ state: 'OK', data: null });

    const saved = await vehicleCall(ana.token, {
      type: 'autocaravana',
      length: 7.4,
      height: 3.3,
      weight: 3.5,
    });
    expect(saved.body).toEqual({
      state: 'OK',
      msg: MSG.vehicleSaved,
      data: { type: 'autocaravana', length: 7.4, height: 3.3, weight: 3.5 },
    });
    // A second save replaces it; a size left out is not given.
    await vehicleCall(ana.token, { type: 'camper', length: 5.99 });
    expect((await vehicleCall(ana.token)).body.data).toEqual({
      type: 'camper',
      length: 5.99,
      height: null,
      weight: null,
    });
    // Luis sees his own (none), never Ana's.
    expect((await vehicleCall(luis.token)).body.data).toBeNull();

    expect((await t.request('DELETE', '/api/perfil/vehiculo', { token: ana.token })).body).toEqual({
      state: 'OK',
      msg: MSG.vehicleRemoved,
    });
    expect((await vehicleCall(ana.token)).body.data).toBeNull();
  });

  it('refuses a vehicle without a type or with sizes out of range, in Spanish', async () => {
    const me = luis;
    const refused = async (body: unknown) => {
      const answer = await vehicleCall(me.token, body);
      expect(answer.status).toBe(400);
      return answer.body.msg as string;
    };
    expect(await refused({ length: 7 })).toBe(MSG.vehicleTypeRequired);
    expect(await refused({ type: 'tanque' })).toBe(MSG.vehicleTypeRequired);
    expect(await refused({ type: 'camper', height: 7 })).toBe(MSG.vehicleHeightInvalid);
    expect(await refused({ type: 'camper', length: 0 })).toBe(MSG.vehicleLengthInvalid);
    expect(await refused({ type: 'camper', weight: '3,5' })).toBe(MSG.vehicleWeightInvalid);
    expect((await vehicleCall(me.token)).body.data).toBeNull();
  });
});

describe('the vehicle filter and the fits answer', () => {
  // A box of their own: west 13, south 44, east 14, north 45. Limits on and around the sizes below,
  // 3.3 among them (a real column holds it as 3.2999999523…).
  const limits: Array<[number | null, number | null, number | null]> = [
    [null, null, null],
    [7.4, 3.3, 3.5],
    [7.39, null, null],
    [null, 3.29, null],
    [null, null, 3.49],
    [12, 4, 12],
    [6, 2.1, null],
    [8.1, 3.3, null],
    [null, 3.31, 7.5],
  ];
  const BOX = 'bbox=13,44,14,45';
  beforeAll(async () => {
    for (const [i, [maxLength, maxHeight, maxWeight]] of limits.entries()) {
      await createPlace(t, {
        urlpoint: `limites-${i}`,
        lat: 44.05 + i * 0.05,
        lng: 13.5,
        maxLength,
        maxHeight,
        maxWeight,
      });
    }
  });

  it('keeps exactly the places whose sheet does not say "No cabe", for every vehicle', async () => {
    const sheets = await Promise.all(
      limits.map(async (_, i) => (await t.get(`/api/map/location/limites-${i}`)).body.data as MapLocation),
    );
    const vehicles: Array<Omit<Vehicle, 'type'>> = [
      { length: 7.4, height: 3.3, weight: 3.5 },
      { length: 7.4, height: null, weight: null },
      { length: null, height: 3.3, weight: null },
      { length: null, height: null, weight: 3.5 },
      { length: 5.5, height: 2.6, weight: 3.5 },
      { length: 12.5, height: 4, weight: 18 },
    ];
    for (const vehicle of vehicles) {
      const query = [
        BOX,
        vehicle.length !== null ? `length=${vehicle.length}` : '',
        vehicle.height !== null ? `height=${vehicle.height}` : '',
        vehicle.weight !== null ? `weight=${vehicle.weight}` : '',
      ].filter(Boolean);
      const fitting = sheets
        .filter((sheet) => vehicleMayFit(vehicle, sheet))
        .map((sheet) => sheet.urlpoint)
        .sort();
      expect(await urlpoints(query.join('&')), JSON.stringify(vehicle)).toEqual(fitting);
    }
    // The rule's answers themselves, on the boundary.
    const van = vehicles[0]!;
    expect(vehicleFit(van, sheets[1]!)).toEqual({ fits: 'fits' });
    expect(vehicleFit(van, sheets[3]!)).toEqual({ fits: 'too-big', limit: 'height', max: 3.29 });
    expect(vehicleFit(van, sheets[0]!)).toEqual({ fits: 'unknown' });
  });
});

describe('months open', () => {
  const now = monthInSpain();
  const other = (now % 12) + 1;
  beforeAll(async () => {
    const at = (i: number) => ({ lat: 43.05 + i * 0.1, lng: 13.5 });
    await createPlace(t, { ...at(0), urlpoint: 'abierta-este-mes', monthsOpen: monthsMask([now]) });
    await createPlace(t, {
      ...at(1),
      urlpoint: 'cerrada-este-mes',
      monthsOpen: monthsMask([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) => m !== now)),
    });
    await createPlace(t, { ...at(2), urlpoint: 'todo-el-ano', monthsOpen: 0xfff });
    await createPlace(t, { ...at(3), urlpoint: 'sin-temporada' });
    await createPlace(t, { ...at(4), urlpoint: 'solo-otro-mes', monthsOpen: monthsMask([other]) });
  });

  it('"Abierto ahora" keeps the places open this month in Spain and those whose months are not stated', async () => {
    const BOX = 'bbox=13,43,14,44';
    expect(await urlpoints(BOX)).toHaveLength(5);
    expect(await urlpoints(`${BOX}&open=1`)).toEqual(['abierta-este-mes', 'sin-temporada', 'todo-el-ano']);
    expect(await urlpoints(`${BOX}&open=0`)).toHaveLength(5);
    expect((await t.get(`/api/map/points?${BOX}&open=si`)).status).toBe(400);
  });

  it('a new place takes its months from the form, and its sheet answers them in order', async () => {
    const me = ana;
    const body = { kind: 'default', name: 'Área de temporada', lat: 43.9, lng: 13.9 };
    const added = await t.post('/api/map/location', {
      token: me.token,
      body: { ...body, months: [9, 6, 7, 8, 7], maxWeight: 3.5 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ months: [6, 7, 8, 9], maxWeight: 3.5, season: '' });
    const sheet = (await t.get(`/api/map/location/${added.body.data.urlpoint}`, { token: me.token })).body
      .data;
    expect(sheet.months).toEqual(maskMonths(monthsMask([6, 7, 8, 9])));

    const refused = await t.post('/api/map/location', { token: me.token, body: { ...body, months: [13] } });
    expect(refused.body).toEqual({ state: 'KO', msg: MSG.mapMonthsInvalid });
    const unstated = await t.post('/api/map/location', { token: me.token, body });
    expect(unstated.body.data.months).toBeNull();
  });
});
