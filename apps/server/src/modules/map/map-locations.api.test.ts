import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAP_LOCATION_PHOTOS_TOTAL, MSG } from '@nomadas/shared';
import type { NewLocationBody } from '@nomadas/shared/schemas';
import type { MapLocation } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { createPost, listMediaFiles, makePhoto, uploadPost } from '../../test/posts-factory.js';

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** A new area in Astorga, as the map's form sends it. */
const astorgaArea = (overrides: Partial<NewLocationBody> = {}): NewLocationBody => ({
  kind: 'default',
  name: 'Área de autocaravanas',
  description: 'Junto a la muralla, llana y tranquila.',
  lat: 42.4571,
  lng: -6.0594,
  services: ['agua', 'grises', 'negras'],
  price: 0,
  season: 'Todo el año',
  maxStay: 2,
  places: 20,
  maxLength: 8,
  maxHeight: null,
  surface: 'asfalto',
  ...overrides,
});

const sheet = async (urlpoint: string, token?: string) => t.get(`/api/map/location/${urlpoint}`, { token });
const addPlace = (who: Session | undefined, body: unknown) =>
  t.post('/api/map/location', { token: who?.token, body });

describe('GET /api/map/location/{urlpoint}', () => {
  it('answers 404 for a place that does not exist', async () => {
    const answer = await sheet('no-existe-este-lugar');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.notFound });
  });

  it('answers the sheet of a public place, with no rating before its first review', async () => {
    const place = await createPlace(t, {
      services: ['agua', 'wc'],
      price: 7.5,
      maxLength: 9,
      season: 'Abril a octubre',
    });
    const answer = await sheet(place.urlpoint);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      urlpoint: place.urlpoint,
      kind: 'default',
      services: ['agua', 'wc'],
      price: 7.5,
      maxLength: 9,
      maxHeight: null,
      season: 'Abril a octubre',
      rating: null,
      reviewsCount: 0,
      reviews: [],
      posts: [],
      draft: false,
      self: false,
    });
  });
});

describe('adding a place', () => {
  let ana: Session;
  beforeAll(async () => {
    ana = await t.createSession();
  });

  it('needs a session', async () => {
    const answer = await addPlace(undefined, astorgaArea());
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.sessionRequired });
  });

  it('refuses a missing name and impossible coordinates', async () => {
    expect((await addPlace(ana, astorgaArea({ name: 'A' }))).body).toEqual({
      state: 'KO',
      msg: MSG.mapNameRequired,
    });
    for (const where of [{ lat: 90 }, { lng: -180 }, { lat: Number.NaN }]) {
      const answer = await addPlace(ana, { ...astorgaArea(), ...where });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.invalidCoordinates });
    }
  });

  it('stores a draft with a readable urlpoint, its town and province, seen by registered users only', async () => {
    const answer = await addPlace(ana, astorgaArea());
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(MSG.mapLocationAdded);
    const added = answer.body.data as MapLocation;
    expect(added).toMatchObject({
      urlpoint: 'area-autocaravanas-astorga',
      municipality: 'Astorga',
      province: 'León',
      price: null,
      draft: true,
      self: true,
      maxStay: 2,
    });
    // The same name in the same town: the next free urlpoint.
    const again = await addPlace(ana, astorgaArea());
    expect(again.body.data.urlpoint).toBe('area-autocaravanas-astorga-2');

    expect((await sheet(added.urlpoint, ana.token)).body.data.draft).toBe(true);
    expect((await sheet(added.urlpoint)).status).toBe(404);
    const luis = await t.createSession();
    expect((await sheet(added.urlpoint, luis.token)).body.data).toMatchObject({ draft: true, self: false });
    const box = 'bbox=-6.1,42.4,-6,42.5';
    const seen = async (who?: Session) =>
      (await t.get(`/api/map/points?${box}`, { token: who?.token })).body.data.points.map(
        (p: { u: string }) => p.u,
      );
    expect(await seen(ana)).toContain(added.urlpoint);
    expect(await seen(luis)).toContain(added.urlpoint);
    expect(await seen()).not.toContain(added.urlpoint);
  });

  it('turns public after three confirmations from other users, never its author’s', async () => {
    const { urlpoint } = (await addPlace(ana, astorgaArea({ name: 'Parking de la catedral' }))).body.data;
    const confirm = (who: Session) => t.post(`/api/map/location/${urlpoint}/confirm`, { token: who.token });
    expect((await t.post(`/api/map/location/${urlpoint}/confirm`)).status).toBe(401);
    expect((await confirm(ana)).body).toEqual({ state: 'KO', msg: MSG.mapConfirmOwn });

    const [one, two, three] = [await t.createSession(), await t.createSession(), await t.createSession()];
    expect((await confirm(one)).body).toEqual({
      state: 'OK',
      msg: MSG.mapConfirmed,
      data: { draft: true, confirmations: 1, needed: 3 },
    });
    // Twice by the same user counts once.
    expect((await confirm(one)).body.data).toEqual({ draft: true, confirmations: 1, needed: 3 });
    expect((await confirm(two)).body.data.confirmations).toBe(2);
    expect((await sheet(urlpoint)).status).toBe(404);
    const third = await confirm(three);
    expect(third.body).toEqual({
      state: 'OK',
      msg: MSG.mapApproved,
      data: { draft: false, confirmations: 3, needed: 3 },
    });
    expect((await sheet(urlpoint)).body.data).toMatchObject({ draft: false, self: false });
    expect((await confirm(await t.createSession())).body).toEqual({ state: 'KO', msg: MSG.mapAlreadyPublic });
  });

  it('counts confirmations that arrive together once each, crossing the threshold once', async () => {
    const { urlpoint } = (await addPlace(ana, astorgaArea({ name: 'Área del lavadero' }))).body.data;
    const people = await Promise.all(Array.from({ length: 5 }, () => t.createSession()));
    const answers = await Promise.all(
      people.map((who) => t.post(`/api/map/location/${urlpoint}/confirm`, { token: who.token })),
    );
    const msgs = answers.map((answer) => answer.body.msg).sort();
    expect(msgs.filter((msg) => msg === MSG.mapApproved)).toHaveLength(1);
    expect(msgs.filter((msg) => msg === MSG.mapAlreadyPublic)).toHaveLength(2);
    const row = await t.db
      .selectFrom('map_locations')
      .select(['status', 'confirmations'])
      .where('urlpoint', '=', urlpoint)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'public', confirmations: 3 });
  });

  it('turns public at once when a moderator confirms it', async () => {
    const { urlpoint } = (await addPlace(ana, astorgaArea({ name: 'Gasolinera con GLP', kind: 'glp' }))).body
      .data;
    const moderator = await t.createSession({ username: 'moderadora_mapa' });
    await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    // The moderators see drafts, to check them.
    expect((await sheet(urlpoint, moderator.token)).body.data.draft).toBe(true);
    const answer = await t.post(`/api/map/location/${urlpoint}/confirm`, { token: moderator.token });
    expect(answer.body).toMatchObject({ state: 'OK', msg: MSG.mapApproved, data: { draft: false } });
    expect((await sheet(urlpoint)).body.data.kind).toBe('glp');
  });

  it('adds photos through the image pipeline, up to MAP_LOCATION_PHOTOS_TOTAL in all', async () => {
    const { urlpoint } = (await addPlace(ana, astorgaArea({ name: 'Área con vistas' }))).body.data;
    const send = (who: Session, photo?: Buffer) => {
      const form = new FormData();
      if (photo) form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'area.jpg');
      return t.post(`/api/map/location/${urlpoint}/photo`, { token: who.token, form });
    };
    const added = await send(ana, await makePhoto({ withGps: true }));
    expect(added.body.msg).toBe(MSG.mapPhotoAdded);
    expect(added.body.data.photos).toEqual([expect.stringMatching(/^\/media\/posts\/.+-1440\.webp$/)]);
    expect((await send(ana)).body).toEqual({ state: 'KO', msg: MSG.mapPhotoRequired });
    await sql`update map_locations set photos = array_fill('x'::text, array[${sql.lit(MAP_LOCATION_PHOTOS_TOTAL)}])
      where urlpoint = ${urlpoint}`.execute(t.db);
    const before = await listMediaFiles(t);
    const luis = await t.createSession();
    expect((await send(luis, await makePhoto())).body).toEqual({ state: 'KO', msg: MSG.mapPhotosFull });
    expect(await listMediaFiles(t)).toEqual(before);
  });
});

describe('reviews', () => {
  let place: Awaited<ReturnType<typeof createPlace>>;
  beforeAll(async () => {
    place = await createPlace(t);
  });
  const review = (who: Session | undefined, body: unknown, urlpoint = place.urlpoint) =>
    t.post(`/api/map/location/${urlpoint}/review`, { token: who?.token, body });

  it('refuses visitors, missing stars, future stays and unknown places', async () => {
    const ana = await t.createSession();
    expect((await review(undefined, { stars: 4, stayed: '2026-05-01' })).status).toBe(401);
    expect((await review(ana, { stars: 0, stayed: '2026-05-01' })).body).toEqual({
      state: 'KO',
      msg: MSG.mapStarsRequired,
    });
    expect((await review(ana, { stayed: '2026-05-01' })).body).toEqual({
      state: 'KO',
      msg: MSG.mapStarsRequired,
    });
    expect((await review(ana, { stars: 6, stayed: '2026-05-01' })).status).toBe(400);
    expect((await review(ana, { stars: 4, stayed: '2999-01-01' })).status).toBe(400);
    expect((await review(ana, { stars: 4, stayed: 'ayer' })).status).toBe(400);
    expect((await review(ana, { stars: 4, stayed: '2025-05-01' }, 'no-existe')).status).toBe(404);
  });

  it('keeps one review per user, editable, and the mean of the stars with one decimal', async () => {
    const [ana, luis, eva] = [await t.createSession(), await t.createSession(), await t.createSession()];
    const first = await review(ana, { stars: 4, text: 'Muy tranquila', stayed: '2025-08-10' });
    expect(first.body.msg).toBe(MSG.mapReviewSaved);
    expect(first.body.data).toMatchObject({ rating: 4, reviewsCount: 1 });
    expect(first.body.data.reviews).toEqual([
      {
        username: ana.username,
        img: '',
        stars: 4,
        text: 'Muy tranquila',
        stayed: '2025-08-10',
        date: expect.any(String),
        self: true,
      },
    ]);
    await review(luis, { stars: 5, stayed: '2025-09-01' });
    await review(eva, { stars: 5, stayed: '2025-09-02' });
    // 14 / 3 = 4.67 → 4.7
    expect((await sheet(place.urlpoint)).body.data).toMatchObject({ rating: 4.7, reviewsCount: 3 });
    // Ana edits hers: still three reviews, (2 + 5 + 5) / 3 = 4.
    const edited = await review(ana, { stars: 2, text: 'Ruidosa el sábado', stayed: '2025-08-10' });
    expect(edited.body.data).toMatchObject({ rating: 4, reviewsCount: 3 });
    const reviews = edited.body.data.reviews as Array<{ username: string; self: boolean; text: string }>;
    expect(reviews.map((r) => r.username)).toEqual([ana.username, eva.username, luis.username]);
    expect(reviews[0]).toMatchObject({ self: true, text: 'Ruidosa el sábado' });
    expect(reviews[1]!.self).toBe(false);
  });

  it('keeps the count and the mean right under parallel reviews and edits', async () => {
    const target = await createPlace(t);
    const people = await Promise.all(Array.from({ length: 8 }, () => t.createSession()));
    const stars = [1, 2, 3, 4, 5, 5, 4, 3];
    // Each sends twice at once (a double tap); the second value is the one that counts for nobody in particular.
    await Promise.all(
      people.flatMap((who, i) => [
        review(who, { stars: stars[i], stayed: '2025-07-01' }, target.urlpoint),
        review(who, { stars: stars[i], stayed: '2025-07-02' }, target.urlpoint),
      ]),
    );
    const { rows } = await sql<{ n: number; total: number; sum: number; count: number }>`
      select count(*)::int as n, coalesce(sum(r.stars), 0)::int as total, l.rating_sum as sum, l.reviews_count as count
      from map_locations l left join map_reviews r on r.location_id = l.id
      where l.id = ${target.id} group by l.id`.execute(t.db);
    expect(rows[0]).toEqual({ n: 8, total: 27, sum: 27, count: 8 });
    expect((await sheet(target.urlpoint)).body.data).toMatchObject({ rating: 3.4, reviewsCount: 8 });
  });
});

describe('reports', () => {
  it('stores one report per user and place, and needs a reason', async () => {
    const place = await createPlace(t);
    const ana = await t.createSession();
    const report = (body: unknown, who: Session | null = ana, urlpoint = place.urlpoint) =>
      t.post(`/api/map/location/${urlpoint}/report`, { token: who?.token, body });
    expect((await report({ reason: 'Ya no existe' }, null)).status).toBe(401);
    expect((await report({ reason: 'x' })).body).toEqual({ state: 'KO', msg: MSG.mapReportRequired });
    expect((await report({})).body).toEqual({ state: 'KO', msg: MSG.mapReportRequired });
    expect((await report({ reason: 'Ya no existe' }, ana, 'no-existe')).status).toBe(404);
    expect((await report({ reason: 'Ahora cobran 10 €' })).body).toEqual({
      state: 'OK',
      msg: MSG.mapReportSent,
    });
    expect((await report({ reason: 'Ahora cobran 12 €' })).body.state).toBe('OK');
    const rows = await t.db
      .selectFrom('map_reports')
      .select('reason')
      .where('location_id', '=', place.id)
      .execute();
    expect(rows).toEqual([{ reason: 'Ahora cobran 12 €' }]);
  });
});

describe('the moderators’ review of reported places', () => {
  const newModerator = async () => {
    const session = await t.createSession();
    await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', session.id).execute();
    return session;
  };

  it('lists reported places with their reasons to moderators only', async () => {
    const place = await createPlace(t, { urlpoint: 'area-denunciada', name: 'Área denunciada' });
    const [ana, luis] = [await t.createSession(), await t.createSession()];
    for (const [who, reason] of [
      [ana, 'Ahora cobran 10 €'],
      [luis, 'Cerrada por obras'],
    ] as const)
      await t.post(`/api/map/location/${place.urlpoint}/report`, { token: who.token, body: { reason } });
    expect((await t.get('/api/moderacion/lugares')).status).toBe(401);
    expect((await t.get('/api/moderacion/lugares', { token: ana.token })).status).toBe(403);
    const moderator = await newModerator();
    const listed = (await t.get('/api/moderacion/lugares', { token: moderator.token })).body.data;
    expect(listed).toContainEqual({
      urlpoint: 'area-denunciada',
      name: 'Área denunciada',
      kind: 'default',
      draft: false,
      reports: 2,
      reasons: [
        { username: luis.username, reason: 'Cerrada por obras', date: expect.any(String) },
        { username: ana.username, reason: 'Ahora cobran 10 €', date: expect.any(String) },
      ],
    });
  });

  it('dismisses the reports and keeps the place, or removes the place and what hangs from it', async () => {
    const moderator = await newModerator();
    const ana = await t.createSession();
    const review = (urlpoint: string, action: string) =>
      t.post(`/api/moderacion/lugares/${urlpoint}`, { token: moderator.token, body: { action } });
    const report = (urlpoint: string) =>
      t.post(`/api/map/location/${urlpoint}/report`, { token: ana.token, body: { reason: 'No existe' } });
    const listed = async () =>
      ((await t.get('/api/moderacion/lugares', { token: moderator.token })).body.data as MapLocation[]).map(
        (place) => place.urlpoint,
      );

    const kept = await createPlace(t, { urlpoint: 'area-que-sigue' });
    await report(kept.urlpoint);
    expect((await review(kept.urlpoint, 'dismiss')).body).toEqual({
      state: 'OK',
      msg: MSG.mapReportsDismissed,
    });
    expect(await listed()).not.toContain(kept.urlpoint);
    expect((await sheet(kept.urlpoint)).status).toBe(200);

    const gone = await createPlace(t, { urlpoint: 'area-que-no-existe' });
    const post = await createPost(t, ana, { text: 'Aquí dormimos', lugar: gone.urlpoint });
    await t.post(`/api/map/location/${gone.urlpoint}/review`, {
      token: ana.token,
      body: { stars: 1, stayed: '2025-05-01' },
    });
    await report(gone.urlpoint);
    expect((await review(gone.urlpoint, 'otra')).body).toEqual({
      state: 'KO',
      msg: MSG.mapReportActionInvalid,
    });
    expect((await review(gone.urlpoint, 'remove')).body).toEqual({ state: 'OK', msg: MSG.mapPlaceRemoved });
    expect((await sheet(gone.urlpoint)).status).toBe(404);
    expect(await listed()).not.toContain(gone.urlpoint);
    expect((await t.get(`/api/post/${post.url}`)).body.data.lugar).toBeNull();
    expect((await review(gone.urlpoint, 'remove')).status).toBe(404);
  });
});

describe('GET /api/map/nearby', () => {
  it('answers the public places within 25 km, nearest first, with their distance', async () => {
    // Around a point of its own, in the middle of the Mediterranean.
    await createPlace(t, { urlpoint: 'cerca-5km', name: 'A 5 km', lat: 38.045, lng: 4.0 });
    await createPlace(t, { urlpoint: 'cerca-1km', name: 'A 1 km', lat: 38.009, lng: 4.0 });
    await createPlace(t, { urlpoint: 'cerca-20km', name: 'A 20 km', lat: 38.0, lng: 4.228 });
    await createPlace(t, { urlpoint: 'lejos-30km', name: 'A 30 km', lat: 38.27, lng: 4.0 });
    await createPlace(t, { urlpoint: 'cerca-borrador', lat: 38.001, lng: 4.0, status: 'draft' });
    const answer = await t.get('/api/map/nearby?lat=38&lng=4');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { u: 'cerca-1km', n: 'A 1 km', km: 1 },
      { u: 'cerca-5km', n: 'A 5 km', km: 5 },
      { u: 'cerca-20km', n: 'A 20 km', km: 20 },
    ]);
    expect((await t.get('/api/map/nearby?lat=95&lng=4')).body).toEqual({
      state: 'KO',
      msg: MSG.invalidCoordinates,
    });
    expect((await t.get('/api/map/nearby?lat=38')).status).toBe(400);
  });
});

describe('posts from a place', () => {
  it('shows a post that names a place on its sheet, and the place on the post', async () => {
    const place = await createPlace(t, { name: 'Área de Ponferrada' });
    const ana = await t.createSession();
    const post = await createPost(t, ana, { text: 'Noche junto al castillo', lugar: place.urlpoint });
    expect(post.lugar).toEqual({ u: place.urlpoint, n: 'Área de Ponferrada' });
    expect((await t.get(`/api/post/${post.url}`)).body.data.lugar).toEqual({
      u: place.urlpoint,
      n: 'Área de Ponferrada',
    });
    const plain = await createPost(t, ana);
    expect(plain.lugar).toBeNull();
    const wall = await t.get('/api/posts?1&n=0&l=12&tag=&cm=1', { token: ana.token });
    const lugares = Object.fromEntries(
      wall.body.data.data.map((p: { url: string; lugar: unknown }) => [p.url, p.lugar]),
    );
    expect(lugares).toMatchObject({ [post.url]: { u: place.urlpoint }, [plain.url]: null });

    const onSheet = (await sheet(place.urlpoint)).body.data.posts;
    expect(onSheet).toEqual([{ url: post.url, media: post.thumb, username: ana.username }]);
  });

  it('refuses an unknown place or a draft, and stores nothing', async () => {
    const ana = await t.createSession();
    const draft = await createPlace(t, { status: 'draft', authorId: ana.id });
    const before = await listMediaFiles(t);
    for (const lugar of ['no-existe', draft.urlpoint]) {
      const form = new FormData();
      form.append('text', 'Un sitio');
      form.append('lugar', lugar);
      form.append('media', new Blob([new Uint8Array(await makePhoto())], { type: 'image/jpeg' }), 'f.jpg');
      const answer = await t.post('/api/post/create', { token: ana.token, form });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.mapPlaceUnknown });
    }
    expect(await listMediaFiles(t)).toEqual(before);
    expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', ana.id).execute()).toEqual([]);
    // An empty `lugar` is no place at all.
    const none = await uploadPost(t, ana.token, { text: 'Sin lugar', lugar: '' });
    expect(none.body.data.lugar).toBeNull();
  });
});
