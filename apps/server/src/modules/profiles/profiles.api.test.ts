import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowsLists, PublicProfile } from '@nomadas/shared/schemas';
import type { TestServer } from '../../test/harness.js';
import { uploadPost } from '../../test/posts-factory.js';
import { startTestServerWithPages } from '../../test/web-pages.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServerWithPages();
});
afterAll(async () => {
  await t?.close();
});

type Session = Awaited<ReturnType<TestServer['createSession']>>;

const follow = (from: Session, to: { username: string }) =>
  t.post(`/api/follow/user/${to.username}`, { token: from.token });
const profile = async (username: string, token?: string) => {
  const answer = await t.get(`/api/perfil/${username}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as PublicProfile;
};
const lists = async (username: string, query = '', token?: string) => {
  const answer = await t.get(`/api/follows/${username}${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as FollowsLists;
};

describe('GET /api/perfil/{username}', () => {
  it('shows the public profile with its counts', async () => {
    const marta = await t.createSession({ username: `marta_${Date.now() % 1e6}` });
    await t.db
      .updateTable('users')
      .set({ description: 'Siempre en ruta', img_profile: '/media/m.webp', img_cover: '/media/c.webp' })
      .where('id', '=', marta.id)
      .execute();
    const posts = [];
    for (const text of ['Uno', 'Dos', 'Tres']) posts.push(await uploadPost(t, marta.token, { text }));
    // A post hidden by reports is off the wall, and off the count.
    await t.db
      .updateTable('posts')
      .set({ hidden_at: new Date() })
      .where('url', '=', posts[2]!.body.data.url)
      .execute();
    const fans = [await t.createSession(), await t.createSession()];
    for (const fan of fans) await follow(fan, marta);
    await follow(marta, fans[0]!);

    expect(await profile(marta.username)).toEqual({
      username: marta.username,
      imgperfil: '/media/m.webp',
      imgcab: '/media/c.webp',
      d: 'Siempre en ruta',
      counts: { posts: 2, followers: 2, following: 1 },
      follow: 0,
      friend: 0,
      self: false,
      canal: null,
    });
    // A link may carry capitals.
    expect((await profile(marta.username.toUpperCase())).username).toBe(marta.username);
  });

  it("gives the caller's follow and friend flags: visitor, stranger, follower, friend, oneself", async () => {
    const owner = await t.createSession();
    const stranger = await t.createSession();
    const follower = await t.createSession();
    const friend = await t.createSession();
    await follow(follower, owner);
    await follow(friend, owner);
    await follow(owner, friend);
    // Being followed by the owner alone is no friendship.
    await follow(owner, stranger);

    const flags = async (token?: string) => {
      const { follow: f, friend: fr, self } = await profile(owner.username, token);
      return { follow: f, friend: fr, self };
    };
    expect(await flags()).toEqual({ follow: 0, friend: 0, self: false });
    expect(await flags(stranger.token)).toEqual({ follow: 0, friend: 0, self: false });
    expect(await flags(follower.token)).toEqual({ follow: 1, friend: 0, self: false });
    expect(await flags(friend.token)).toEqual({ follow: 1, friend: 1, self: false });
    expect(await flags(owner.token)).toEqual({ follow: 0, friend: 0, self: true });
    expect((await profile(owner.username)).counts).toEqual({ posts: 0, followers: 2, following: 2 });
  });

  it('answers 404 for an unknown or deleted user', async () => {
    const missing = await t.get('/api/perfil/nadie_se_llama_asi');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ state: 'KO', msg: expect.any(String) });
    const gone = await t.createSession();
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await t.get(`/api/perfil/${gone.username}`)).status).toBe(404);
    expect((await t.get(`/api/follows/${gone.username}`)).status).toBe(404);
  });
});

describe('GET /api/follows/{username}', () => {
  it("lists followers and following, newest first, with the caller's flag", async () => {
    const owner = await t.createSession();
    const [first, second, third] = [
      await t.createSession(),
      await t.createSession(),
      await t.createSession(),
    ];
    const viewer = await t.createSession();
    for (const fan of [first, second, third]) await follow(fan!, owner);
    await follow(owner, second!);
    await follow(viewer, third!);

    const seen = await lists(owner.username, '', viewer.token);
    expect(seen).toEqual({
      followers: [
        { username: third!.username, img: '', follow: 1 },
        { username: second!.username, img: '', follow: 0 },
        { username: first!.username, img: '', follow: 0 },
      ],
      following: [{ username: second!.username, img: '', follow: 0 }],
      fin: { followers: 1, following: 1 },
    });
    // A visitor sees the same people, following none of them.
    const visitor = await lists(owner.username);
    expect(visitor.followers.map((p) => [p.username, p.follow])).toEqual(
      seen.followers.map((p) => [p.username, 0]),
    );
    // The owner follows `second` back.
    const own = await lists(owner.username, '', owner.token);
    expect(own.followers.map((p) => p.follow)).toEqual([0, 1, 0]);
  });

  it('pages one list at a time', async () => {
    const owner = await t.createSession();
    const fans = [];
    for (let i = 0; i < 3; i++) {
      const fan = await t.createSession();
      await follow(fan, owner);
      fans.push(fan.username);
    }
    const newestFirst = [...fans].reverse();
    const page1 = await lists(owner.username, '?n=0&l=2&list=followers');
    expect(page1.followers.map((p) => p.username)).toEqual(newestFirst.slice(0, 2));
    expect(page1.following).toEqual([]);
    expect(page1.fin).toEqual({ followers: 0, following: 1 });
    const page2 = await lists(owner.username, '?n=2&l=2&list=followers');
    expect(page2.followers.map((p) => p.username)).toEqual(newestFirst.slice(2));
    expect(page2.fin.followers).toBe(1);

    expect((await t.get(`/api/follows/${owner.username}?list=amigos`)).status).toBe(400);
    expect((await t.get(`/api/follows/${owner.username}?l=0`)).status).toBe(400);
    // An over-large page is capped rather than refused.
    expect((await t.get(`/api/follows/${owner.username}?l=5000`)).status).toBe(200);
    expect((await t.get('/api/follows/nadie_se_llama_asi')).status).toBe(404);
  });
});

describe('GET /api/friends', () => {
  it('lists mutual follows only, the most recent friendship first', async () => {
    const me = await t.createSession();
    const [old, recent, fan] = [await t.createSession(), await t.createSession(), await t.createSession()];
    await t.db
      .updateTable('users')
      .set({ img_profile: '/media/r.webp' })
      .where('id', '=', recent!.id)
      .execute();
    await follow(me, old!);
    await follow(me, recent!);
    await follow(old!, me);
    await follow(recent!, me);
    await follow(fan!, me);
    const friends = await t.get('/api/friends', { token: me.token });
    expect(friends.body).toEqual({
      state: 'OK',
      data: [
        { username: recent!.username, img: '/media/r.webp' },
        { username: old!.username, img: '' },
      ],
    });
  });
});

describe('link previews of /perfil/{name}', () => {
  it('writes the username and the description into the page head', async () => {
    const user = await t.createSession({ username: 'lucia_furgo' });
    const description = 'Furgo, perro y "carretera" <3 $& $\' $$';
    await t.db
      .updateTable('users')
      .set({ description, img_cover: '/media/cover.jpg' })
      .where('id', '=', user.id)
      .execute();
    const page = await t.get('/perfil/lucia_furgo');
    expect(page.status).toBe(200);
    const html: string = page.body;
    expect(html).toContain('<title>lucia_furgo - nómadas.tv</title>');
    const escaped = description
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/'/g, '&#39;');
    expect(html).toContain(`<meta name="description" content="${escaped}">`);
    expect(html).toContain('<meta property="og:image" content="http://nomadas.test/media/cover.jpg">');
    expect(html).toContain('<meta property="og:url" content="http://nomadas.test/perfil/lucia_furgo">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('uses a default description, and answers 404 for an unknown user', async () => {
    await t.createSession({ username: 'sin_descripcion' });
    const page = await t.get('/perfil/sin_descripcion/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>sin_descripcion - nómadas.tv</title>');
    expect(page.body).toContain('content="Perfil de sin_descripcion en nómadas.tv');
    expect(page.body).not.toContain('og:image');

    for (const unknown of ['/perfil/nadie_se_llama_asi', '/perfil/%C3%B1%20%3Cscript%3E']) {
      const missing = await t.get(unknown);
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('<div id="root"></div>');
      expect(missing.body).toContain(
        '<title>nómadas.tv · la red social de los nómadas en autocaravana</title>',
      );
    }
  });
});
