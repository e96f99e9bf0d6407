import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';

let t: TestServer;
let ana: Awaited<ReturnType<TestServer['createSession']>>;
let moderator: Awaited<ReturnType<TestServer['createSession']>>;
beforeAll(async () => {
  t = await startTestServer();
  ana = await t.createSession({ username: 'ana_buscadora' });
  moderator = await t.createSession({ username: 'moderadora_busquedas' });
  await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
});
afterAll(() => t?.close());

const places = async (server: TestServer, text: string) => {
  const answer = await server.get<{ data: SearchResults }>(
    `/api/search/all/${encodeURIComponent(text)}?scope=map`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.l.map((place) => place.nombre);
};

describe('the places search index (#32)', () => {
  it('suggests a place added through the app once approved, and no more once removed, at once', async () => {
    const added = await t.post('/api/map/location', {
      token: ana.token,
      body: {
        kind: 'default',
        name: 'Área del Embalse de Barrios de Luna',
        description: 'Junto a la presa, con sombra.',
        lat: 42.8523,
        lng: -5.8581,
        services: ['agua'],
        price: 0,
        season: 'Todo el año',
        maxStay: 2,
        places: 10,
        maxLength: 8,
        maxHeight: null,
        surface: 'tierra',
      },
    });
    expect(added.status).toBe(200);
    const { urlpoint } = added.body.data as { urlpoint: string };
    // A draft is its author's until confirmed.
    expect(await places(t, 'embalse barrios')).toEqual([]);
    const approved = await t.post(`/api/map/location/${urlpoint}/confirm`, { token: moderator.token });
    expect(approved.status).toBe(200);
    expect(await places(t, 'embalse barrios')).toEqual(['Área del Embalse de Barrios de Luna']);
    expect(await places(t, 'area del emb')).toEqual(['Área del Embalse de Barrios de Luna']);
    const removed = await t.post(`/api/moderacion/lugares/${urlpoint}`, {
      token: moderator.token,
      body: { action: 'remove' },
    });
    expect(removed.status).toBe(200);
    expect(await places(t, 'embalse barrios')).toEqual([]);
  });

  it('holds the public places only, and says how much memory they take', async () => {
    await createPlace(t, { name: 'Área de Sahagún', municipality: 'Sahagún' });
    await createPlace(t, { name: 'Área de Sahagún sin confirmar', municipality: 'Sahagún', status: 'draft' });
    expect(await places(t, 'sahagun')).toEqual(['Área de Sahagún']);
    const held = t.ctx.placeSearch.size();
    const { count } = await t.db
      .selectFrom('map_locations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'public')
      .executeTakeFirstOrThrow();
    expect(held?.places).toBe(Number(count));
    expect(held?.bytes).toBeGreaterThan(0);
  });

  it('leaves the places to SQL past its budget, which ranks them the same', async () => {
    const small = await startTestServer({ PLACE_SEARCH_MB: '0' });
    try {
      const names: Array<[string, string]> = [
        ['Área de autocaravanas de Astorga', 'Astorga'],
        ['Astorga norte', 'Astorga'],
        ['Parking del Palacio de Gaudí', 'Astorga'],
        ['Gasolinera de La Bañeza', 'La Bañeza'],
        ['Área de Villanueva 1', 'Villanueva de la Serena'],
        ['Área de Villanueva 2', 'Villanueva de la Serena'],
      ];
      for (const server of [t, small])
        for (const [name, municipality] of names) await createPlace(server, { name, municipality });
      const texts = [
        'astorga',
        'Astorga norte',
        'palacio gaud',
        'leon parking',
        'astroga',
        'la banesa',
        'area de auto',
        'area de vill',
        'villanueva 2',
        'zzzz',
      ];
      for (const text of texts) expect(await places(small, text), text).toEqual(await places(t, text));
      expect(small.ctx.placeSearch.size()).toBeNull();
      expect(await places(small, 'palacio gaud')).toEqual(['Parking del Palacio de Gaudí']);
    } finally {
      await small.close();
    }
  });
});
