import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { uploadPost } from '../../test/posts-factory.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('follow and unfollow', () => {
  it('follows once however often it is asked, and the wall shows it', async () => {
    const author = await t.createSession();
    const fan = await t.createSession();
    const posted = await uploadPost(t, author.token, { text: 'Amanecer en Somiedo' });
    const url = posted.body.data.url as string;

    const answers = await Promise.all(
      [1, 2, 3].map(() => t.post(`/api/follow/user/${author.username}`, { token: fan.token })),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(3).fill({ state: 'OK', data: { follow: 1 } }));
    const rows = await t.db.selectFrom('follows').selectAll().where('follower_id', '=', fan.id).execute();
    expect(rows).toHaveLength(1);
    expect((await t.get(`/api/post/${url}`, { token: fan.token })).body.data.follow).toBe(1);

    expect((await t.post(`/api/quitfollow/${author.username}`, { token: fan.token })).body).toEqual({
      state: 'OK',
      data: { follow: 0 },
    });
    expect((await t.get(`/api/post/${url}`, { token: fan.token })).body.data.follow).toBe(0);
  });

  it('needs a session, an existing user and someone else', async () => {
    const user = await t.createSession();
    expect((await t.post(`/api/follow/user/${user.username}`)).status).toBe(401);
    expect((await t.post('/api/follow/user/no_existe_nadie', { token: user.token })).status).toBe(404);
    const self = await t.post(`/api/follow/user/${user.username}`, { token: user.token });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ state: 'KO', msg: MSG.cannotFollowSelf });
  });
});

describe('GET /api/perfil_recomendados', () => {
  it('recommends recent authors, never the viewer, the product account or someone already followed', async () => {
    const viewer = await t.createSession();
    const followed = await t.createSession();
    const other = await t.createSession();
    for (const user of [viewer, followed, other]) await uploadPost(t, user.token, { text: 'ruta' });
    // The product account posts too (the newest post of all), so leaving it out is something to check.
    const official = await t.db
      .selectFrom('users')
      .select('id')
      .where('is_official', '=', true)
      .executeTakeFirstOrThrow();
    const photo = await t.db
      .selectFrom('posts')
      .select(['media', 'media_width', 'media_height'])
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('posts')
      .values({
        ...photo,
        url: 'aviso-oficial',
        user_id: official.id,
        text: 'Aviso',
        hidden_at: null,
        edited_text: null,
      })
      .execute();
    await t.post(`/api/follow/user/${followed.username}`, { token: viewer.token });

    const answer = await t.get('/api/perfil_recomendados', { token: viewer.token });
    const names = (answer.body.data as { username: string; follow: number }[]).map((u) => u.username);
    expect(names).toContain(other.username);
    expect(names).not.toContain(viewer.username);
    expect(names).not.toContain(followed.username);
    expect(names).not.toContain('nomadas');
    expect(answer.body.data[0]).toEqual({ username: expect.any(String), img: expect.any(String), follow: 0 });
  });

  it('answers visitors too', async () => {
    const answer = await t.get('/api/perfil_recomendados');
    expect(answer.body.state).toBe('OK');
    expect(answer.body.data.length).toBeGreaterThan(0);
  });
});
