import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WS_CLOSE_BAD_TICKET,
  WS_CLOSE_REPLACED,
  type RealtimeEventMap,
  type RealtimeEventName,
} from '@nomadas/shared';
import { createServer, type RunningServer } from '../server.js';
import { DEFAULT_PASSWORD, startTestServer, type TestServer } from '../test/harness.js';
import { createPost } from '../test/posts-factory.js';
import { isAck, isNew, openSocket } from '../test/ws-client.js';

// Two instances of the app on one database and one Redis (under the test's own REDIS_PREFIX), as behind a
// load balancer: whatever reaches one user's socket must reach it on either. Only where the suite has Redis
// (vitest.config.ts runs it in api-postgres when REDIS_URL is set).
describe('two instances sharing PostgreSQL and Redis', () => {
  let t: TestServer;
  let second: RunningServer;
  let secondUrl: string;
  beforeAll(async () => {
    t = await startTestServer();
    second = await createServer(t.config);
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Resolves once this instance hears an event `name` that `about` recognises. */
  const heard = <K extends RealtimeEventName>(
    name: K,
    about: (event: RealtimeEventMap[K]) => boolean = () => true,
  ) => {
    let stop = () => {};
    const arrived = new Promise<void>((resolve) => {
      void t.ctx.realtime.events
        .subscribe(name, (event) => {
          if (about(event)) resolve();
        })
        .then((unsubscribe) => (stop = unsubscribe));
    });
    return arrived.then(() => stop());
  };

  it('delivers a message sent on one instance to a socket on the other, both ways', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(secondUrl, blas.token);
    a.send({ t: 'c', ta: 'send', to: blas.username, txt: 'Desde la instancia uno', cid: 'uno' });
    const ack = await a.next(isAck('uno'));
    expect(await b.next(isNew(ana.username))).toMatchObject({
      msg: 'Desde la instancia uno',
      id: (ack as { id: string }).id,
    });
    b.send({ t: 'c', ta: 'send', to: ana.username, txt: 'Y la respuesta desde la dos', cid: 'dos' });
    expect(await a.next(isNew(blas.username))).toMatchObject({ msg: 'Y la respuesta desde la dos' });
    await Promise.all([a.close(), b.close()]);
  });

  it('closes the older socket on the other instance with 3000', async () => {
    const ana = await t.createSession();
    const older = await openSocket(t.baseUrl, ana.token);
    const newer = await openSocket(secondUrl, ana.token);
    expect((await older.closed).code).toBe(WS_CLOSE_REPLACED);
    expect(newer.ws.readyState).toBe(newer.ws.OPEN);
    await newer.close();
  });

  it('carries friend events, the badge and a logout to the other instance', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(secondUrl, ana.token);
    await t.post(`/api/follow/user/${ana.username}`, { token: blas.token });
    expect(await a.next((frame) => frame.t === 'n')).toEqual({ t: 'n', n: 1 });
    await t.post(`/api/follow/user/${blas.username}`, { token: ana.token });
    expect(await a.next((frame) => frame.t === 'fr')).toMatchObject({ ta: 'a', u: blas.username });
    await t.post('/api/logout', { token: ana.token });
    expect((await a.closed).code).toBe(WS_CLOSE_BAD_TICKET);
  });

  it('shows a like made on the other instance in the wall read here: its count and the mark', async () => {
    const author = await t.createSession();
    const reader = await t.createSession();
    const post = await createPost(t, author, { text: 'Desde el Teide' });
    const card = async () => {
      const page = (await t.get('/api/posts?1&n=0&l=12&tag=&cm=1', { token: reader.token })).body.data;
      const cards = page.data as Array<{ url: string; islike: number; likes: number }>;
      const { islike, likes } = cards.find((p) => p.url === post.url)!;
      return { islike, likes };
    };
    // Read here first, so this instance shares the page and remembers the reader's marks.
    expect(await card()).toEqual({ islike: 0, likes: 0 });
    const forgotten = heard('post:reacted', (event) => event.by === reader.id);
    const like = await fetch(`${secondUrl}/api/like/post/${post.url}`, {
      method: 'POST',
      headers: { 'api-token': reader.token },
    });
    expect(like.status).toBe(200);
    await forgotten;
    expect(await card()).toEqual({ islike: 1, likes: 1 });
  });

  it('forgets the search answers here when a post is deleted on the other instance', async () => {
    const author = await t.createSession();
    const post = await createPost(t, author, { text: 'Noche de estrellas #cieloinstancias' });
    const tags = async () =>
      ((await t.get('/api/search/all/cieloinstancias')).body.data.p as Array<{ hashtag: string }>).map(
        (found) => found.hashtag,
      );
    expect(await tags()).toEqual(['cieloinstancias']);
    const forgotten = heard('post:changed', (event) => event.what === 'deleted');
    const deleted = await fetch(`${secondUrl}/api/delete/post/${post.url}`, {
      method: 'POST',
      headers: { 'api-token': author.token },
    });
    expect(deleted.status).toBe(200);
    await forgotten;
    expect(await tags()).toEqual([]);
  });

  it('shows a place added on the other instance in the map read here at once', async () => {
    const traveller = await t.createSession();
    const box = '/api/map/points?bbox=-7,42,-6,43';
    const points = async () =>
      ((await t.get(box, { token: traveller.token })).body.data.points as Array<{ u: string }>).map(
        (point) => point.u,
      );
    // Read here first, so this instance holds the box's answer.
    expect(await points()).toEqual([]);
    const forgotten = heard('place:changed', (event) => event.what === 'added');
    const added = await fetch(`${secondUrl}/api/map/location`, {
      method: 'POST',
      headers: { 'api-token': traveller.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'default',
        name: 'Área de Astorga',
        description: 'Junto a la muralla, llana y tranquila.',
        lat: 42.4571,
        lng: -6.0594,
        services: ['agua'],
        price: 0,
        season: 'Todo el año',
        maxStay: 2,
        places: 20,
        maxLength: 8,
        maxHeight: null,
        surface: 'asfalto',
      }),
    });
    expect(added.status).toBe(200);
    const { urlpoint } = ((await added.json()) as { data: { urlpoint: string } }).data;
    await forgotten;
    expect(await points()).toEqual([urlpoint]);
  });

  it('suggests a place approved on the other instance in the search here at once, and no more once removed', async () => {
    const traveller = await t.createSession();
    const moderator = await t.createSession();
    await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const onSecond = (path: string, token: string, body: unknown) =>
      fetch(`${secondUrl}/api${path}`, {
        method: 'POST',
        headers: { 'api-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const suggested = async () =>
      (
        (await t.get('/api/search/all/embalse%20riano?scope=map')).body.data.l as Array<{ nombre: string }>
      ).map((place) => place.nombre);
    // Searched here first, so this instance holds its index.
    expect(await suggested()).toEqual([]);
    const added = await onSecond('/map/location', traveller.token, {
      kind: 'default',
      name: 'Área del Embalse de Riaño',
      description: 'Frente al pantano, con vistas a los Picos.',
      lat: 42.9766,
      lng: -5.0162,
      services: [],
      price: 0,
      season: 'Todo el año',
      maxStay: 1,
      places: 12,
      maxLength: 8,
      maxHeight: null,
      surface: 'tierra',
    });
    const { urlpoint } = ((await added.json()) as { data: { urlpoint: string } }).data;
    const approved = heard('place:changed', (event) => event.what === 'confirmed');
    expect((await onSecond(`/map/location/${urlpoint}/confirm`, moderator.token, {})).status).toBe(200);
    await approved;
    expect(await suggested()).toEqual(['Área del Embalse de Riaño']);
    const removed = heard('place:changed', (event) => event.what === 'removed');
    expect(
      (await onSecond(`/moderacion/lugares/${urlpoint}`, moderator.token, { action: 'remove' })).status,
    ).toBe(200);
    await removed;
    expect(await suggested()).toEqual([]);
  });

  it('forgets the wall pages here that showed the posts of an account deleted on the other instance', async () => {
    const author = await t.createSession();
    const post = await createPost(t, author, { text: 'Última ruta por los Picos' });
    const urls = async () =>
      ((await t.get('/api/posts?1&n=0&l=12&tag=&cm=1')).body.data.data as Array<{ url: string }>).map(
        (card) => card.url,
      );
    // Read here first, so this instance shares the page that shows the post.
    expect(await urls()).toContain(post.url);
    const forgotten = heard('account:changed', (event) => event.userId === author.id);
    const deleted = await fetch(`${secondUrl}/api/perfil/delete`, {
      method: 'POST',
      headers: { 'api-token': author.token, 'content-type': 'application/json' },
      body: JSON.stringify({ password: DEFAULT_PASSWORD }),
    });
    expect(deleted.status).toBe(200);
    await forgotten;
    expect(await urls()).not.toContain(post.url);
  });
});
