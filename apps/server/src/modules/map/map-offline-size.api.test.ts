import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAP_KINDS, MAP_SERVICES } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { insertLocations, type NewLocationRow } from './map.queries.js';

// The budget of issue #31 (DESIGN.md §5): Spain's 10,000 places in under 3 MB gzipped, a day's delta
// (100 places changed) in under 50 KB, with sheets as full as real ones: text of real length, a photo on
// half of them, up to five reviews each.

const PLACES = 10_000;
const WORDS = (
  'área tranquila junto al río con sombra agua potable vaciado de grises y negras parking amplio asfaltado ' +
  'cerca del pueblo panadería supermercado playa montaña vistas ruido de la carretera por la noche gratis ' +
  'ayuntamiento permite pernoctar máximo tres noches electricidad con fichas duchas calientes baños limpios ' +
  'wifi lento autocaravanas furgonetas camper caravanas buen sitio para dormir volveremos seguro recomendable ' +
  'cuidado con el acceso estrecho caminos de tierra en invierno cerrado temporada alta lleno los fines de semana'
).split(' ');
const TOWNS = [
  'Astorga',
  'Potes',
  'Cangas de Onís',
  'Jaca',
  'Ronda',
  'Cuenca',
  'Tarifa',
  'Ribadeo',
  'Teruel',
];
const PROVINCES = ['León', 'Cantabria', 'Asturias', 'Huesca', 'Málaga', 'Cuenca', 'Cádiz', 'Lugo', 'Teruel'];

/** A fixed pseudo-random sequence (mulberry32), so every run measures the same data. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(31);
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
const text = (chars: number) => {
  let out = '';
  while (out.length < chars) out += `${pick(WORDS)} `;
  return out.trim();
};
const hex = (length: number) => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join('');

function place(i: number): NewLocationRow {
  const town = Math.floor(next() * TOWNS.length);
  return {
    urlpoint: `${text(12).replace(/\W+/g, '-')}-${TOWNS[town]!.toLowerCase().replace(/\W+/g, '-')}-${i}`,
    kind: pick(MAP_KINDS),
    name: `Área ${text(20)}`,
    description: text(100 + next() * 600),
    lat: 36 + next() * 7.7,
    lng: -9.2 + next() * 12.5,
    municipality: TOWNS[town]!,
    province: PROVINCES[town]!,
    services: MAP_SERVICES.filter(() => next() < 0.4),
    price: next() < 0.5 ? null : Math.round(next() * 2000) / 100,
    season: next() < 0.7 ? '' : 'De marzo a octubre',
    maxStay: next() < 0.5 ? null : Math.ceil(next() * 7),
    places: next() < 0.3 ? null : Math.ceil(next() * 60),
    maxLength: next() < 0.6 ? null : 6 + Math.round(next() * 12),
    maxHeight: next() < 0.6 ? null : 2.5 + Math.round(next() * 20) / 10,
    surface: pick(['', 'asfalto', 'tierra', 'grava']),
    photos: next() < 0.5 ? [] : [`posts/${hex(2)}/${hex(32)}`],
    authorId: null,
    status: 'public',
  };
}

let t: TestServer;
let gzipped: (query: string) => Promise<number>;
beforeAll(async () => {
  t = await startTestServer();
  const ids = await insertLocations(
    t.db,
    Array.from({ length: PLACES }, (_, i) => place(i)),
  );
  const users = await Promise.all(Array.from({ length: 5 }, () => t.createUser()));
  const reviews = ids.flatMap((id) =>
    users.slice(0, Math.floor(next() * 6)).map((user) => ({
      location_id: id,
      user_id: user.id,
      stars: 1 + Math.floor(next() * 5),
      text: text(next() * 300),
      stayed: '2026-08-01',
    })),
  );
  for (let i = 0; i < reviews.length; i += 2000)
    await t.db
      .insertInto('map_reviews')
      .values(reviews.slice(i, i + 2000))
      .execute();
  gzipped = async (query) => {
    const answer = await fetch(`${t.baseUrl}/api/map/offline${query}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    await answer.arrayBuffer();
    return Number(answer.headers.get('content-length'));
  };
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/map/offline, its size', () => {
  it('sends 10,000 places under 3 MB gzipped, and a delta of 100 under 50 KB', async () => {
    const full = await t.get('/api/map/offline');
    expect(full.body.data.places).toHaveLength(PLACES);
    const fullBytes = await gzipped('');
    // The delta since just after the seeding. The version the full read answers can be older: it never passes the
    // oldest transaction running in the cluster, and other files' run beside this one, so the delta since it
    // would hold part of the seeding too (a correct, bigger answer, not the day's delta to measure).
    const { rows } = await sql<{ newest: string }>`
      select max(offline_xid)::text as newest from map_locations`.execute(t.db);
    const version = Number(rows[0]!.newest) + 1;
    expect(full.body.data.version).toBeLessThanOrEqual(version);
    await sql`update map_locations set name = name || ' (renovada)'
      where id in (select id from map_locations order by id desc limit 100)`.execute(t.db);
    const delta = await t.get(`/api/map/offline?since=${version}`);
    expect(delta.body.data.places).toHaveLength(100);
    const deltaBytes = await gzipped(`?since=${version}`);
    expect(fullBytes, `${PLACES} places: ${fullBytes} B gzipped`).toBeLessThan(3_000_000);
    expect(deltaBytes, `a delta of 100: ${deltaBytes} B gzipped`).toBeLessThan(50_000);
  });
});
