import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SEARCH_GROUP_MAX, SEARCH_TEXT_MAX } from '@nomadas/shared';
import type { SearchResults } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { createPost } from '../../test/posts-factory.js';

let t: TestServer;
let author: { id: string; token: string };
/** A stored photo that posts made straight in the database point at. */
let photo: { media: string; media_width: number; media_height: number };

beforeAll(async () => {
  t = await startTestServer();
  author = await t.createSession({ username: 'autora_busquedas' });
  await createPost(t, author, { text: 'Primera ruta' });
  photo = await t.db
    .selectFrom('posts')
    .select(['media', 'media_width', 'media_height'])
    .executeTakeFirstOrThrow();
});
afterAll(() => t?.close());

let postCount = 0;
/** Posts carrying these tags (one per entry), written as the posts module writes them. */
async function tagPosts(...tags: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const tag of tags) {
    const post = await t.db
      .insertInto('posts')
      .values({ url: `busqueda-${++postCount}`, user_id: author.id, text: `#${tag}`, ...photo })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('post_hashtags').values({ tag, post_id: post.id }).execute();
    ids.push(post.id);
  }
  return ids;
}

const search = (text: string, token?: string, scope?: 'all' | 'map') =>
  t.get<{ state: string; msg?: string; data: SearchResults }>(
    `/api/search/all/${encodeURIComponent(text)}${scope ? `?scope=${scope}` : ''}`,
    { token },
  );

async function found(text: string) {
  const answer = await search(text);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    tags: answer.body.data.p.map((item) => item.hashtag),
    users: answer.body.data.u.map((item) => item.username),
    channels: answer.body.data.c,
    places: answer.body.data.l.map((item) => item.nombre),
    towns: answer.body.data.t.map((item) => `${item.nombre} (${item.provincia})`),
  };
}

describe('GET /api/search/all/{text}', () => {
  it('finds Ávila whatever the accents and case typed', async () => {
    await createPost(t, author, { text: 'Murallas de #Ávila al atardecer' });
    await t.createUser({ username: 'avila_nomada' });
    for (const text of ['avila', 'AVILA', 'Ávila', 'ávi', 'AVÍ']) {
      const { tags, users } = await found(text);
      expect(tags, text).toContain('ávila');
      expect(users, text).toContain('avila_nomada');
    }
  });

  it('ranks exact before prefix before fuzzy, the most used tag first within a class', async () => {
    await tagPosts('albarracinrutas', 'albarracinrutas', 'albarracinense', 'albaracin', 'albarracin');
    await tagPosts('albarracín', 'albarracín');
    expect((await found('Albarracin')).tags).toEqual([
      // exact (the accented one has more posts), prefix (most used first), fuzzy
      'albarracín',
      'albarracin',
      'albarracinrutas',
      'albarracinense',
      'albaracin',
    ]);

    for (const username of ['somiedo_ruta', 'somiedo', 'somiendo', 'somiedo_a', 'lagos_somiedo'])
      await t.createUser({ username });
    expect((await found('Somiedo')).users).toEqual([
      'somiedo',
      'somiedo_a',
      'somiedo_ruta',
      // fuzzy, nearest first
      'lagos_somiedo',
      'somiendo',
    ]);
  });

  it('finds a word inside a longer name, and typos', async () => {
    await tagPosts('rutaencamper', 'galicia');
    await t.createUser({ username: 'ana_camperiza_lenta' });
    expect(await found('camper')).toMatchObject({ tags: ['rutaencamper'], users: ['ana_camperiza_lenta'] });
    expect((await found('galisia')).tags).toEqual(['galicia']);
  });

  it('answers at most five of each group', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `guadalupe${i}`);
    await tagPosts(...names);
    for (const name of names) await t.createUser({ username: `${name}_viaja` });
    const { tags, users, channels } = await found('guadalupe');
    expect(tags).toHaveLength(SEARCH_GROUP_MAX);
    expect(users).toHaveLength(SEARCH_GROUP_MAX);
    expect(channels).toEqual([]);
    // In order: the prefix class walks the names in byte order.
    expect(users).toEqual(names.slice(0, SEARCH_GROUP_MAX).map((name) => `${name}_viaja`));
  });

  it('searches for visitors and logged-in users alike', async () => {
    await tagPosts('cabodegata');
    const visitor = await search('cabodegata');
    const member = await search('cabodegata', author.token);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.p).toEqual([{ hashtag: 'cabodegata' }]);
    expect(member.body).toEqual(visitor.body);
  });

  it('reads # as hashtags only, @ as users only, and ignores what names cannot hold', async () => {
    await tagPosts('costabrava');
    await t.createUser({ username: 'costabrava_van' });
    expect(await found('#costabrava')).toMatchObject({ tags: ['costabrava'], users: [] });
    expect(await found('@costabrava')).toMatchObject({ tags: [], users: ['costabrava_van'] });
    expect((await found('Costa Brava')).tags).toEqual(['costabrava']);
    expect((await found('costa-brava!')).tags).toEqual(['costabrava']);
    // Nothing left to look for: an empty answer, not an error.
    for (const text of ['#', '@', '¿?', '🚐'])
      expect(await found(text)).toMatchObject({ tags: [], users: [] });
  });

  it('never suggests a tag only hidden posts carry, nor a user who cannot be visited', async () => {
    // Hidden and restored as reports and moderators do it, who then announce it: the shared answers go.
    const setHidden = async (postId: string, hidden: boolean) => {
      await t.db
        .updateTable('posts')
        .set({ hidden_at: hidden ? new Date() : null })
        .where('id', '=', postId)
        .execute();
      t.ctx.realtime.events.announce('post:changed', {
        postId,
        authorId: author.id,
        by: author.id,
        what: hidden ? 'reported' : 'restored',
      });
    };
    const [hidden] = await tagPosts('zarzalejo');
    await setHidden(hidden!, true);
    expect((await found('zarzalejo')).tags).toEqual([]);
    await setHidden(hidden!, false);
    expect((await found('zarzalejo')).tags).toEqual(['zarzalejo']);

    // A tag that a hidden post and a visible one carry is still suggested.
    const [alsoHidden] = await tagPosts('navacerrada', 'navacerrada');
    await setHidden(alsoHidden!, true);
    expect((await found('navacerrada')).tags).toEqual(['navacerrada']);

    await t.createUser({ username: 'montfrague_pendiente', activated: false });
    const leaving = await t.createUser({ username: 'montfrague_adios' });
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    expect((await found('montfrague')).users).toEqual([]);
  });

  it('follows posts through edits and deletion at once', async () => {
    const post = await createPost(t, author, { text: 'Noche en #Bardenas' });
    expect((await found('#bardenas')).tags).toEqual(['bardenas']);

    const edited = await t.post(`/api/update/post/${post.url}`, {
      token: author.token,
      body: { text: 'Noche en las #BardenasReales' },
    });
    expect(edited.body.state).toBe('OK');
    expect((await found('#bardenas')).tags).toEqual(['bardenasreales']);

    expect((await t.post(`/api/delete/post/${post.url}`, { token: author.token })).body.state).toBe('OK');
    expect((await found('#bardenas')).tags).toEqual([]);
    // The tag's last post is gone, and so is the tag: nothing of it is kept.
    const left = await t.db.selectFrom('hashtags').select('tag').where('tag', 'like', 'bardenas%').execute();
    expect(left).toEqual([]);
  });

  it('counts tags right when posts sharing them are written and removed at the same time', async () => {
    const tags = ['cazorla', 'segura', 'lasvillas'];
    const writers = Array.from({ length: 12 }, (_, i) =>
      t.db.transaction().execute(async (trx) => {
        const post = await trx
          .insertInto('posts')
          .values({ url: `a-la-vez-${i}`, user_id: author.id, ...photo })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Each writer names the tags in another order, and holds its locks a moment before committing.
        const order = i % 2 === 0 ? tags : [...tags].reverse();
        await trx
          .insertInto('post_hashtags')
          .values(order.map((tag) => ({ tag, post_id: post.id })))
          .execute();
        await sql`select pg_sleep(0.02)`.execute(trx);
        if (i % 3 === 0) await trx.deleteFrom('post_hashtags').where('post_id', '=', post.id).execute();
      }),
    );
    await Promise.all(writers);
    const counted = await t.db
      .selectFrom('hashtags')
      .select(['tag', 'uses'])
      .where('tag', 'in', tags)
      .orderBy('tag')
      .execute();
    // 12 posts, the tags of 4 of them removed again.
    expect(counted).toEqual([
      { tag: 'cazorla', uses: 8 },
      { tag: 'lasvillas', uses: 8 },
      { tag: 'segura', uses: 8 },
    ]);
  });

  it('refuses bad input with a 400 and a Spanish message', async () => {
    const refusals: Array<[string, string]> = [
      ['', MSG.searchTextRequired],
      ['%20%20', MSG.searchTextRequired],
      [encodeURIComponent('ñ'.repeat(SEARCH_TEXT_MAX + 1)), MSG.searchTextTooLong],
      [encodeURIComponent('🚐'.repeat(SEARCH_TEXT_MAX + 1)), MSG.searchTextTooLong],
      ['avila%0A', MSG.invalidCharacters],
      ['av%09ila', MSG.invalidCharacters],
      ['%01', MSG.invalidCharacters],
      ['avila%00', MSG.invalidCharacters],
      ['%C2%85', MSG.invalidCharacters],
    ];
    for (const [path, msg] of refusals) {
      const answer = await t.get(`/api/search/all/${path}`);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { state: 'KO', msg },
      });
    }
    const malformed = await t.get('/api/search/all/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.body.state).toBe('KO');
    // The longest text allowed is searched, surrogate pairs counting as one character.
    expect((await search('ñ'.repeat(SEARCH_TEXT_MAX))).status).toBe(200);
    expect((await search('🚐'.repeat(SEARCH_TEXT_MAX))).status).toBe(200);
  });

  it('answers any text with results or a Spanish refusal, never a server error', async () => {
    const messages: string[] = Object.values(MSG).filter((msg) => typeof msg === 'string');
    // LIKE and regex metacharacters, quotes, sigils alone and doubled, odd Unicode, as well as anything at all.
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.stringMatching(/^[#@%_\\'"*.()[\]{}^$|?+ -]{1,12}$/),
      fc.constantFrom('#@', '@#avila', '##', '%%', '_', '\\', "o'donnell", 'ǅ', 'ﬁ', 'Ⅻ', 'ß', 'İ'),
    );
    await fc.assert(
      fc.asyncProperty(text, async (typed) => {
        const answer = await search(typed);
        if (answer.status === 200) {
          expect(answer.body.state).toBe('OK');
          expect(answer.body.data.p.length).toBeLessThanOrEqual(SEARCH_GROUP_MAX);
        } else {
          expect(answer.status).toBe(400);
          expect(messages).toContain(answer.body.msg);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('GET /api/search/all/{text}: places and towns (#32)', () => {
  it('finds Astorga as a place (by its name, town or province) and as a town, whatever the accents', async () => {
    const area = await createPlace(t, { name: 'Área de autocaravanas de Astorga', municipality: 'Astorga' });
    await createPlace(t, { name: 'Parking del Palacio de Gaudí', municipality: 'Astorga' });
    await createPlace(t, { name: 'Área de Astorga sin confirmar', status: 'draft' });
    for (const text of ['astorga', 'ASTORGA', 'ástorga', 'Astorga ']) {
      const { places, towns } = await found(text);
      expect(places, text).toEqual(
        [
          'Área de autocaravanas de Astorga',
          'Área de Astorga sin confirmar',
          'Parking del Palacio de Gaudí',
        ].filter((name) => !name.includes('sin confirmar')),
      );
      expect(towns[0], text).toBe('Astorga (León)');
    }
    // A place answers what its sheet needs and where it is; a town where to centre the map.
    const answer = await search('astorga');
    expect(answer.body.data.l[0]).toEqual({
      urlpoint: area.urlpoint,
      nombre: 'Área de autocaravanas de Astorga',
      kind: 'default',
      municipio: 'Astorga',
      provincia: 'León',
      lat: area.lat,
      lng: area.lng,
    });
    expect(answer.body.data.t[0]).toMatchObject({ nombre: 'Astorga', provincia: 'León' });
    expect(answer.body.data.t[0]!.lat).toBeCloseTo(42.459, 2);
    expect(answer.body.data.t[0]!.lng).toBeCloseTo(-6.056, 2);
    // By the start of its name, with its words as typed.
    expect((await found('area de autocaravanas de ast')).places).toEqual([
      'Área de autocaravanas de Astorga',
    ]);
  });

  it('finds a place by any word of its name, the last one maybe begun, and forgives a typo in its town', async () => {
    expect((await found('palacio gaud')).places).toEqual(['Parking del Palacio de Gaudí']);
    expect((await found('leon parking')).places).toEqual(['Parking del Palacio de Gaudí']);
    const { places, towns } = await found('astroga');
    expect(places).toEqual(['Área de autocaravanas de Astorga', 'Parking del Palacio de Gaudí']);
    expect(towns).toContain('Astorga (León)');
  });

  it('answers only places and towns for the map, none with # or @, and at most five of each', async () => {
    for (let i = 0; i < 7; i++) await createPlace(t, { name: `Área de Villanueva ${i}` });
    await tagPosts('villanueva');
    const all = await found('villanueva');
    expect(all.tags).toEqual(['villanueva']);
    expect(all.places).toHaveLength(SEARCH_GROUP_MAX);
    expect(all.towns).toHaveLength(SEARCH_GROUP_MAX);
    const map = await search('villanueva', undefined, 'map');
    expect(map.body.data).toMatchObject({ p: [], u: [], c: [] });
    expect(map.body.data.l).toHaveLength(SEARCH_GROUP_MAX);
    expect(map.body.data.t[0]!.nombre).toMatch(/^Villanueva/);
    expect(await found('#villanueva')).toMatchObject({ tags: ['villanueva'], places: [], towns: [] });
    expect(await found('@villanueva')).toMatchObject({ places: [], towns: [] });
    const bad = await t.get('/api/search/all/astorga?scope=todo');
    expect(bad.status).toBe(400);
  });

  it('suggests a place once it is confirmed public, and no longer once removed', async () => {
    const draft = await createPlace(t, { name: 'Área de Peñíscola norte', status: 'draft' });
    expect((await found('peniscola norte')).places).toEqual([]);
    await t.db.updateTable('map_locations').set({ status: 'public' }).where('id', '=', draft.id).execute();
    const changed = { placeId: draft.id, lat: draft.lat, lng: draft.lng };
    t.ctx.realtime.events.announce('place:changed', { ...changed, what: 'confirmed' });
    expect((await found('peniscola norte')).places).toEqual(['Área de Peñíscola norte']);
    await t.db.deleteFrom('map_locations').where('id', '=', draft.id).execute();
    t.ctx.realtime.events.announce('place:changed', { ...changed, what: 'removed' });
    expect((await found('peniscola norte')).places).toEqual([]);
  });
});
