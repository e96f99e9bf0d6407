import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAP_OFFLINE_REVIEW_CHARS } from '@nomadas/shared';
import { mapOfflineSchema, type MapOffline } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';

let t: TestServer;
let reviewer: Awaited<ReturnType<TestServer['createUser']>>;
beforeAll(async () => {
  t = await startTestServer();
  reviewer = await t.createUser();
});
afterAll(() => t?.close());

async function offline(since?: number, headers: Record<string, string> = {}) {
  const answer = await t.get(`/api/map/offline${since === undefined ? '' : `?since=${since}`}`, { headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { data: mapOfflineSchema.parse(answer.body.data), headers: answer.headers };
}
const urlpointsOf = (data: MapOffline) => data.places.map(([urlpoint]) => urlpoint).sort();

/**
 * The answer once its version has caught up with every change made so far. PostgreSQL's version waits for the
 * oldest transaction running in the cluster (one of another file's, beside this one), so a delta since a version
 * read meanwhile would also hold changes from before it: correct, but not what these tests pin down.
 */
async function settled(since?: number) {
  const { rows } = await sql<{ newest: string }>`
    select greatest((select max(offline_xid) from map_locations where status = 'public'),
                    (select max(xid) from map_offline_removed), 0)::text as newest`.execute(t.db);
  let answer!: Awaited<ReturnType<typeof offline>>;
  await expect
    .poll(async () => {
      answer = await offline(since);
      return answer.data.version;
    })
    .toBe(Number(rows[0]!.newest) + 1);
  return answer;
}

async function review(locationId: string, userId: string, stars: number, text: string, at: string) {
  await t.db
    .insertInto('map_reviews')
    .values({ location_id: locationId, user_id: userId, stars, text, stayed: at.slice(0, 10) })
    .execute();
  await t.db
    .updateTable('map_reviews')
    .set({ updated_at: at })
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .execute();
}

describe('GET /api/map/offline', () => {
  it('answers every public place as a compact array, drafts left out', async () => {
    const place = await createPlace(t, {
      urlpoint: 'offline-completa',
      kind: 'glp',
      name: 'Área completa',
      lat: 42.4588123,
      lng: -6.0561789,
      services: ['agua', 'wifi', 'lavanderia'],
      price: 7.5,
      season: 'Todo el año',
      maxStay: 3,
      places: 20,
      maxLength: 8.2,
      maxHeight: 3.5,
      maxWeight: 3.5,
      monthsOpen: 0xfff,
      surface: 'asfalto',
      photos: ['posts/ab/abcdef'],
      description: 'd'.repeat(500),
    });
    await createPlace(t, { urlpoint: 'offline-borrador', status: 'draft' });
    const others = await Promise.all([1, 2, 3].map(() => t.createUser()));
    await review(place.id, reviewer.id, 4, 'x'.repeat(400), '2026-09-01T10:00:00Z');
    for (const [i, user] of others.entries())
      await review(place.id, user.id, 5 - i, `reseña ${i}`, `2026-09-0${i + 2}T10:00:00Z`);
    await t.db
      .updateTable('map_locations')
      .set({ rating_sum: 4 + 5 + 4 + 3, reviews_count: 4 })
      .where('id', '=', place.id)
      .execute();

    const { data, headers } = await offline();
    expect(headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(urlpointsOf(data)).toEqual(['offline-completa']);
    expect(data.removed).toEqual([]);
    const [sheet] = data.places;
    expect(sheet).toEqual([
      'offline-completa',
      'Área completa',
      42.45881,
      -6.05618,
      1, // glp
      1 | (1 << 6) | (1 << 8), // agua, wifi, lavanderia
      7.5,
      'Todo el año',
      3,
      20,
      8.2,
      3.5,
      'asfalto',
      'Astorga',
      'León',
      'd'.repeat(200),
      '/media/posts/ab/abcdef-thumb.webp',
      4,
      4,
      [
        [others[2]!.username, 3, 'reseña 2', '2026-09-04'],
        [others[1]!.username, 4, 'reseña 1', '2026-09-03'],
        [others[0]!.username, 5, 'reseña 0', '2026-09-02'],
      ],
      expect.any(Number),
      0xfff, // open every month
      3.5,
    ]);
    await t.db
      .deleteFrom('map_reviews')
      .where(
        'user_id',
        'in',
        others.map((user) => user.id),
      )
      .execute();
    const [, , , , , , , , , , , , , , , , , , , reviews] = (await offline()).data.places[0]!;
    expect(reviews).toEqual([[reviewer.username, 4, 'x'.repeat(MAP_OFFLINE_REVIEW_CHARS), '2026-09-01']]);
  });

  it('keeps its version and answers 304 to the same ETag while nothing changes', async () => {
    const first = await settled();
    const second = await settled();
    expect(second.data.version).toBe(first.data.version);
    const etag = first.headers.get('etag')!;
    expect(second.headers.get('etag')).toBe(etag);
    const again = await t.get('/api/map/offline', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const delta = await settled(first.data.version);
    expect(delta.data).toEqual({ version: first.data.version, full: false, places: [], removed: [] });
    expect(first.data.full).toBe(true);
    // A version this database never gave (it was restored from a dump): the whole set again.
    const restored = await offline(first.data.version + 1_000_000);
    expect(restored.data).toEqual({ ...first.data, full: true });
  });

  it('answers since a version only what changed: added, edited, reviewed, removed, no longer public', async () => {
    const [kept, edited, reviewed, deleted, unpublished] = await Promise.all(
      ['sigue', 'editada', 'resenada', 'borrada', 'despublicada'].map((name) =>
        createPlace(t, { urlpoint: `delta-${name}` }),
      ),
    );
    const before = (await settled()).data;
    expect(urlpointsOf(before)).toEqual(
      expect.arrayContaining([kept!.urlpoint, edited!.urlpoint, deleted!.urlpoint, unpublished!.urlpoint]),
    );

    const added = await createPlace(t, { urlpoint: 'delta-nueva' });
    await createPlace(t, { urlpoint: 'delta-nuevo-borrador', status: 'draft' });
    await t.db.updateTable('map_locations').set({ name: 'Editada' }).where('id', '=', edited!.id).execute();
    await review(reviewed!.id, reviewer.id, 5, 'Muy tranquila', '2026-10-01T08:00:00Z');
    await t.db.deleteFrom('map_locations').where('id', '=', deleted!.id).execute();
    await t.db
      .updateTable('map_locations')
      .set({ status: 'draft' })
      .where('id', '=', unpublished!.id)
      .execute();

    const delta = (await settled(before.version)).data;
    expect(urlpointsOf(delta)).toEqual([added.urlpoint, edited!.urlpoint, reviewed!.urlpoint].sort());
    expect(delta.places.find(([urlpoint]) => urlpoint === edited!.urlpoint)![1]).toBe('Editada');
    expect(delta.removed).toEqual([deleted!.urlpoint, unpublished!.urlpoint].sort());
    expect(delta.version).toBeGreaterThan(before.version);

    // Public again: back among the places, no longer among the removed.
    await t.db
      .updateTable('map_locations')
      .set({ status: 'public' })
      .where('id', '=', unpublished!.id)
      .execute();
    const next = (await settled(delta.version)).data;
    expect(urlpointsOf(next)).toEqual([unpublished!.urlpoint]);
    expect(next.removed).toEqual([]);
    expect(urlpointsOf((await offline()).data)).not.toContain(deleted!.urlpoint);
  });

  it('refuses a version that is not a whole number', async () => {
    const answer = await t.get('/api/map/offline?since=abc');
    expect(answer.status).toBe(400);
    expect(answer.body.state).toBe('KO');
  });
});
