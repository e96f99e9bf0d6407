import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mapOfflineSchema } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';

// PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a time, so none can stay open while another
// commits.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function offline(since?: number) {
  const answer = await t.get(`/api/map/offline${since === undefined ? '' : `?since=${since}`}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return mapOfflineSchema.parse(answer.body.data);
}

describe('GET /api/map/offline, with transactions committing out of order', () => {
  it('brings in the next delta a change that committed after a newer one was read', async () => {
    const [slow, fast] = await Promise.all([
      createPlace(t, { urlpoint: 'carrera-lenta' }),
      createPlace(t, { urlpoint: 'carrera-rapida' }),
    ]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const slowWrite = t.db.transaction().execute(async (trx) => {
      await sql`update map_locations set name = 'Lenta' where id = ${slow.id}`.execute(trx);
      started();
      await released;
    });
    await slowStarted;
    await t.db.updateTable('map_locations').set({ name: 'Rápida' }).where('id', '=', fast.id).execute();
    const read = await offline();
    expect(read.places.find(([urlpoint]) => urlpoint === slow.urlpoint)![1]).not.toBe('Lenta');
    release();
    await slowWrite;
    const delta = await offline(read.version);
    expect(delta.places.find(([urlpoint]) => urlpoint === slow.urlpoint)?.[1]).toBe('Lenta');
  });
});
