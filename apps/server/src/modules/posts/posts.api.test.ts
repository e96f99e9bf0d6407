import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { createPost, fetchMedia, listMediaFiles, makePhoto } from '../../test/posts-factory.js';

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
let author: Session;
let other: Session;
beforeAll(async () => {
  t = await startTestServer({ REPORTS_TO_HIDE: '2' });
  [author, other] = await Promise.all([t.createSession(), t.createSession()]);
});
afterAll(() => t?.close());

const postRow = (url: string) =>
  t.db.selectFrom('posts').selectAll().where('url', '=', url).executeTakeFirst();

describe('GET /api/post/{url}', () => {
  it('is public, with the flags of whoever asks', async () => {
    const post = await createPost(t, author, { text: 'Amanecer en #Bardenas' });
    const visitor = await t.get(`/api/post/${post.url}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toMatchObject({ url: post.url, self: false, islike: 0, index: 0 });
    expect(visitor.body.data.follow).toBeUndefined();

    const mine = await t.get(`/api/post/${post.url}`, { token: author.token });
    expect(mine.body.data).toMatchObject({ self: true });
    expect(mine.body.data.follow).toBeUndefined();

    await t.db.insertInto('follows').values({ follower_id: other.id, followed_id: author.id }).execute();
    const follower = await t.get(`/api/post/${post.url}`, { token: other.token });
    expect(follower.body.data).toMatchObject({ self: false, follow: 1 });
  });

  it('answers 404 for a missing or hidden post', async () => {
    expect((await t.get('/api/post/no-existe-abc123')).status).toBe(404);
    const post = await createPost(t, author);
    await t.db.updateTable('posts').set({ hidden_at: new Date() }).where('url', '=', post.url).execute();
    const hidden = await t.get(`/api/post/${post.url}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ state: 'KO', msg: MSG.notFound });
  });
});

describe('POST /api/like/post/{posturl}', () => {
  it('toggles and answers the new state', async () => {
    const post = await createPost(t, author);
    const like = await t.post(`/api/like/post/${post.url}`, { token: other.token });
    expect(like.body).toEqual({ state: 'OK', data: { islike: 1, likes: 1 } });
    expect((await t.get(`/api/post/${post.url}`, { token: other.token })).body.data).toMatchObject({
      islike: 1,
      likes: 1,
    });
    const unlike = await t.post(`/api/like/post/${post.url}`, {
      token: other.token,
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(unlike.body).toEqual({ state: 'OK', data: { islike: 0, likes: 0 } });
  });

  it('stays consistent under 20 parallel clicks of one user', async () => {
    const post = await createPost(t, author);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`/api/like/post/${post.url}`, { token: other.token })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const row = await postRow(post.url);
    const likeRows = await t.db
      .selectFrom('post_likes')
      .select('user_id')
      .where('post_id', '=', row!.id)
      .execute();
    expect([0, 1]).toContain(likeRows.length);
    expect(row!.likes_count).toBe(likeRows.length);
    const seen = (await t.get(`/api/post/${post.url}`, { token: other.token })).body.data;
    expect(seen.islike).toBe(likeRows.length);
    expect(seen.likes).toBe(likeRows.length);
    for (const answer of answers) expect([0, 1]).toContain(answer.body.data.likes);
  });

  it('counts likes of many users', async () => {
    const post = await createPost(t, author);
    const fans = await Promise.all(Array.from({ length: 5 }, () => t.createSession()));
    await Promise.all(fans.map((fan) => t.post(`/api/like/post/${post.url}`, { token: fan.token })));
    expect((await t.get(`/api/post/${post.url}`)).body.data.likes).toBe(5);
  });

  it('needs a session and an existing post', async () => {
    const post = await createPost(t, author);
    expect((await t.post(`/api/like/post/${post.url}`)).status).toBe(401);
    expect((await t.post('/api/like/post/no-existe-abc123', { token: other.token })).status).toBe(404);
  });
});

describe('POST /api/update/post/{posturl}', () => {
  it('lets the author edit: the text goes to descripcion and hashtags follow it', async () => {
    const post = await createPost(t, author, { text: 'Ruta por #Galicia' });
    const update = await t.post(`/api/update/post/${post.url}`, {
      token: author.token,
      body: { text: '  Ruta por #Asturias  ' },
    });
    expect(update.body).toEqual({
      state: 'OK',
      msg: MSG.postUpdated,
      data: { url: post.url, descripcion: 'Ruta por #Asturias' },
    });
    const seen = (await t.get(`/api/post/${post.url}`)).body.data;
    expect(seen).toMatchObject({ mediatext: 'Ruta por #Galicia', descripcion: 'Ruta por #Asturias' });
    const row = await postRow(post.url);
    const tags = await t.db
      .selectFrom('post_hashtags')
      .select('tag')
      .where('post_id', '=', row!.id)
      .execute();
    expect(tags).toEqual([{ tag: 'asturias' }]);
  });

  it('ties the post to another public place found by search, unties it, and refuses an unknown one (#32)', async () => {
    const post = await createPost(t, author, { text: 'Noche tranquila' });
    const place = await createPlace(t, { name: 'Área de Sanabria' });
    const draft = await createPlace(t, { name: 'Área sin confirmar', status: 'draft' });
    const edit = (body: Record<string, unknown>) =>
      t.post(`/api/update/post/${post.url}`, {
        token: author.token,
        body: { text: 'Noche tranquila', ...body },
      });

    expect((await edit({ lugar: place.urlpoint })).body.data).toEqual({
      url: post.url,
      descripcion: 'Noche tranquila',
      lugar: { u: place.urlpoint, n: 'Área de Sanabria' },
    });
    expect((await t.get(`/api/post/${post.url}`)).body.data.lugar).toEqual({
      u: place.urlpoint,
      n: 'Área de Sanabria',
    });
    // Left out: the place stays.
    expect((await edit({})).body.data).toEqual({ url: post.url, descripcion: 'Noche tranquila' });
    expect((await postRow(post.url))!.location_id).toBe(place.id);
    for (const lugar of [draft.urlpoint, 'no-existe']) {
      const refused = await edit({ lugar });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ state: 'KO', msg: MSG.mapPlaceUnknown });
    }
    expect((await postRow(post.url))!.location_id).toBe(place.id);
    expect((await edit({ lugar: null })).body.data.lugar).toBeNull();
    expect((await t.get(`/api/post/${post.url}`)).body.data.lugar).toBeNull();
  });

  it('refuses someone else (403), a visitor (401), too long a text (400), a missing post (404)', async () => {
    const post = await createPost(t, author, { text: 'original' });
    const forbidden = await t.post(`/api/update/post/${post.url}`, {
      token: other.token,
      body: { text: 'mío' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ state: 'KO', msg: MSG.forbidden });
    expect((await t.post(`/api/update/post/${post.url}`, { body: { text: 'x' } })).status).toBe(401);
    const long = await t.post(`/api/update/post/${post.url}`, {
      token: author.token,
      body: { text: 'a'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ state: 'KO', msg: MSG.postTextTooLong });
    expect(
      (await t.post('/api/update/post/no-existe-abc123', { token: author.token, body: { text: 'x' } }))
        .status,
    ).toBe(404);
    const missing = await t.post(`/api/update/post/${post.url}`, { token: author.token, body: {} });
    expect(missing.body).toEqual({ state: 'KO', msg: MSG.invalidInput });
    expect((await postRow(post.url))!.edited_text).toBeNull();
  });
});

describe('POST /api/delete/post/{posturl}', () => {
  it('lets only the author delete, and takes comments, likes and files with it', async () => {
    const post = await createPost(t, author);
    await t.post(`/api/like/post/${post.url}`, { token: other.token });
    await t.post(`/api/comment/create/${post.url}`, { token: other.token, body: { c: 'Qué bonito', p: 0 } });
    const row = await postRow(post.url);
    const files = (await listMediaFiles(t)).filter((file) => file.startsWith(row!.media));
    expect(files).toHaveLength(5);

    const forbidden = await t.post(`/api/delete/post/${post.url}`, { token: other.token });
    expect(forbidden.status).toBe(403);
    expect(await postRow(post.url)).toBeDefined();

    const deleted = await t.post(`/api/delete/post/${post.url}`, { token: author.token });
    expect(deleted.body).toEqual({ state: 'OK', msg: MSG.postDeleted });
    expect(await postRow(post.url)).toBeUndefined();
    expect(await t.db.selectFrom('comments').select('id').where('post_id', '=', row!.id).execute()).toEqual(
      [],
    );
    expect(
      await t.db.selectFrom('post_likes').select('user_id').where('post_id', '=', row!.id).execute(),
    ).toEqual([]);
    const left = await listMediaFiles(t);
    for (const file of files) expect(left).not.toContain(file);
    expect((await fetchMedia(t, post.media)).status).toBe(404);
    expect((await t.post(`/api/delete/post/${post.url}`, { token: author.token })).status).toBe(404);
  });

  it('keeps the files while another post shows the same photo', async () => {
    const photo = await makePhoto();
    const first = await createPost(t, author, { image: photo });
    const second = await createPost(t, author, { image: photo });
    expect(second.media).toBe(first.media);
    await t.post(`/api/delete/post/${first.url}`, { token: author.token });
    expect((await fetchMedia(t, second.media)).status).toBe(200);
    await t.post(`/api/delete/post/${second.url}`, { token: author.token });
    expect((await fetchMedia(t, second.media)).status).toBe(404);
  });

  it('needs a session', async () => {
    const post = await createPost(t, author);
    expect((await t.post(`/api/delete/post/${post.url}`)).status).toBe(401);
  });
});

describe('POST /api/denuncia/post/{posturl}', () => {
  it('hides the post from the reporter at once and from all but its author at REPORTS_TO_HIDE reporters', async () => {
    const post = await createPost(t, author);
    const [first, second] = await Promise.all([t.createSession(), t.createSession()]);
    // Accounts older than a day: each report weighs 1 (moderation.api.test.ts covers the lighter new ones).
    await sql`update users set created_at = now() - interval '2 days' where id in (${first.id}, ${second.id})`.execute(
      t.db,
    );
    const report = await t.post(`/api/denuncia/post/${post.url}`, { token: first.token });
    expect(report.body).toEqual({ state: 'OK', msg: MSG.postReported });
    expect((await t.get(`/api/post/${post.url}`, { token: first.token })).status).toBe(404);
    const firstWall = (await t.get('/api/posts?1&n=0&l=50', { token: first.token })).body.data.data;
    expect(firstWall.map((p: { url: string }) => p.url)).not.toContain(post.url);
    expect((await t.get(`/api/post/${post.url}`, { token: second.token })).status).toBe(200);

    // The same user reporting twice counts once.
    await t.post(`/api/denuncia/post/${post.url}`, { token: first.token });
    expect((await postRow(post.url))!.hidden_at).toBeNull();

    await t.post(`/api/denuncia/post/${post.url}`, { token: second.token });
    const row = await postRow(post.url);
    expect(row!.reports_count).toBe(2);
    expect(row!.hidden_at).not.toBeNull();
    expect((await t.get(`/api/post/${post.url}`)).status).toBe(404);
    const wall = (await t.get('/api/posts?1&n=0&l=50', { token: other.token })).body.data.data;
    expect(wall.map((p: { url: string }) => p.url)).not.toContain(post.url);
    expect((await t.get(`/api/post/${post.url}`, { token: author.token })).body.data).toMatchObject({
      hidden: true,
    });
  });

  it('refuses reporting your own post, a visitor, and a missing post', async () => {
    const post = await createPost(t, author);
    const own = await t.post(`/api/denuncia/post/${post.url}`, { token: author.token });
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ state: 'KO', msg: MSG.postReportOwn });
    expect((await t.post(`/api/denuncia/post/${post.url}`)).status).toBe(401);
    expect((await t.post('/api/denuncia/post/no-existe-abc123', { token: other.token })).status).toBe(404);
  });
});
