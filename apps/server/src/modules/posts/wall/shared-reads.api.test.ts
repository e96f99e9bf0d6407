import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createPost } from '../../../test/posts-factory.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const wall = '/api/posts?1&n=0&l=12&tag=&cm=1';

/**
 * Reads the wall, so that this instance holds its page, runs `request` and says whether that made this
 * instance forget the page (by the event the write announced: nothing calls the cache by hand). The echoes
 * of the writes before come back first, so none lands during this read.
 */
async function forgets(request: () => Promise<unknown>): Promise<boolean> {
  await t.eventsHeard();
  await t.get(wall);
  const held = t.ctx.wallPages.size().keys;
  await request();
  return t.ctx.wallPages.size().keys < held;
}

describe('the shared wall page', () => {
  it('survives the route visits and events every page sends', async () => {
    const user = await t.createSession();
    await t.get(wall);
    expect(await forgets(() => t.post('/api/trc/path', { body: { p: '/muro' } }))).toBe(false);
    expect(await forgets(() => t.post('/api/sev', { body: { e: 3 } }))).toBe(false);
    expect(
      await forgets(() => t.post('/api/trc/path', { token: user.token, body: { p: '/tags/galicia' } })),
    ).toBe(false);
    // Follows change no shared page: each caller's follow marks are read fresh.
    const other = await t.createUser();
    expect(await forgets(() => t.post(`/api/follow/user/${other.username}`, { token: user.token }))).toBe(
      false,
    );
  });

  it('is forgotten by every write that changes what a page shows', async () => {
    const author = await t.createSession();
    const reader = await t.createSession();
    const post = await createPost(t, author, { text: 'Amanecer en Bardenas' });
    const as = (user: { token: string }) => ({ token: user.token });

    expect(await forgets(() => createPost(t, author, { text: 'Otra foto' }))).toBe(true);
    expect(await forgets(() => t.post(`/api/like/post/${post.url}`, as(reader)))).toBe(true);
    const comment = await t.post(`/api/comment/create/${post.url}`, {
      ...as(reader),
      body: { c: 'Qué luz', p: 0 },
    });
    expect(await forgets(() => t.post(`/api/comment/like/${comment.body.data.id}`, as(author)))).toBe(true);
    expect(
      await forgets(() =>
        t.post(`/api/comment/create/${post.url}`, { ...as(author), body: { c: '¡Gracias!', p: 0 } }),
      ),
    ).toBe(true);
    expect(await forgets(() => t.post(`/api/comment/delete/${comment.body.data.id}`, as(reader)))).toBe(true);
    expect(
      await forgets(() =>
        t.post(`/api/update/post/${post.url}`, { ...as(author), body: { text: 'Editado' } }),
      ),
    ).toBe(true);
    expect(await forgets(() => t.post(`/api/denuncia/post/${post.url}`, as(reader)))).toBe(true);
    expect(await forgets(() => t.post(`/api/delete/post/${post.url}`, as(author)))).toBe(true);
  });
});

describe("a caller's remembered marks", () => {
  type Page = {
    data: Array<{ url: string; islike: number; follow?: number }>;
    comments: Record<string, Array<{ id: number; islike: number }>>;
  };
  const read = async (user: { token: string }) =>
    (await t.get(wall, { token: user.token })).body.data as Page;

  it('follow their own likes, follows and reports on the next read', async () => {
    const author = await t.createSession();
    const reader = await t.createSession();
    const post = await createPost(t, author, { text: 'Noche en Monfragüe' });
    const comment = await t.post(`/api/comment/create/${post.url}`, {
      token: author.token,
      body: { c: 'Se oían los búhos', p: 0 },
    });
    const mark = async () => {
      const page = await read(reader);
      const card = page.data.find((p) => p.url === post.url)!;
      return { islike: card.islike, follow: card.follow, comment: page.comments[post.url]![0]!.islike };
    };
    expect(await mark()).toEqual({ islike: 0, follow: 0, comment: 0 });
    // Read twice: the second answer comes from the remembered marks, and must not hide the writes below.
    expect(await mark()).toEqual({ islike: 0, follow: 0, comment: 0 });

    await t.post(`/api/like/post/${post.url}`, { token: reader.token });
    await t.post(`/api/follow/user/${author.username}`, { token: reader.token });
    await t.post(`/api/comment/like/${comment.body.data.id}`, { token: reader.token });
    expect(await mark()).toEqual({ islike: 1, follow: 1, comment: 1 });

    await t.post(`/api/like/post/${post.url}`, { token: reader.token });
    await t.post(`/api/quitfollow/${author.username}`, { token: reader.token });
    expect(await mark()).toMatchObject({ islike: 0, follow: 0 });

    await t.post(`/api/denuncia/post/${post.url}`, { token: reader.token });
    expect((await read(reader)).data.map((p) => p.url)).not.toContain(post.url);
    expect((await read(author)).data.map((p) => p.url)).toContain(post.url);
  });
});

describe('a page continued after a post (keyset)', () => {
  type Page = { data: Array<{ url: string; islike: number }>; a: string | null };
  const page = async (user: { token: string }, a?: string | null) =>
    (await t.get(`${wall}${a ? `&a=${a}` : ''}`, { token: user.token })).body.data as Page;

  it('is one page for every reader, with each one’s own likes and reports laid over it', async () => {
    const author = await t.createSession();
    const reader = await t.createSession();
    const other = await t.createSession();
    const deep = await createPost(t, author, { text: 'La más antigua de la tanda' });
    for (let i = 0; i < 12; i++) await createPost(t, author, { text: `Etapa ${i}` });
    const after = (await page(reader)).a;
    const urls = async (user: { token: string }) => (await page(user, after)).data.map((p) => p.url);
    expect(await urls(reader)).toContain(deep.url);

    const read = vi.spyOn(t.ctx.wallPages, 'get');
    await page(reader, after);
    await page(other, after);
    // Both read the same shared page.
    expect(new Set(read.mock.calls.map(([key]) => key)).size).toBe(1);
    read.mockRestore();

    await t.post(`/api/like/post/${deep.url}`, { token: reader.token });
    const liked = async (user: { token: string }) =>
      (await page(user, after)).data.find((p) => p.url === deep.url)?.islike;
    expect(await liked(reader)).toBe(1);
    expect(await liked(other)).toBe(0);

    await t.post(`/api/denuncia/post/${deep.url}`, { token: reader.token });
    expect(await urls(reader)).not.toContain(deep.url);
    expect(await urls(other)).toContain(deep.url);
  });
});

describe('the shared single post', () => {
  const as = (user: { token: string }) => ({ token: user.token });
  const held = () => t.ctx.wallPages.postsSize().keys;
  /** Reads the post, so this instance holds it, and says whether `request` made it forget the post. */
  async function forgets(url: string, request: () => Promise<unknown>): Promise<boolean> {
    await t.eventsHeard();
    await t.get(`/api/post/${url}`);
    const before = held();
    await request();
    return held() < before;
  }

  it('is read once for everybody, each reader getting their own fields', async () => {
    const [author, reader, other] = await Promise.all([
      t.createSession(),
      t.createSession(),
      t.createSession(),
    ]);
    const { url } = await createPost(t, author, { text: 'Pinares de Urbión' });
    await t.post(`/api/like/post/${url}`, as(reader));
    await t.post(`/api/follow/user/${author.username}`, as(reader));
    await t.eventsHeard();
    const shared = t.ctx.wallPages.post;
    let reads = 0;
    const spy = vi
      .spyOn(t.ctx.wallPages, 'post')
      .mockImplementation((key, load) => shared(key, () => (reads++, load())));
    const fields = async (user?: { token: string }) => {
      const { islike, self, follow } = (await t.get(`/api/post/${url}`, user && as(user))).body.data;
      return { islike, self, follow };
    };
    expect(await fields(reader)).toEqual({ islike: 1, self: false, follow: 1 });
    expect(await fields(other)).toEqual({ islike: 0, self: false, follow: 0 });
    expect(await fields(author)).toEqual({ islike: 0, self: true });
    expect(await fields()).toEqual({ islike: 0, self: false });
    expect(reads).toBe(1);
    spy.mockRestore();
  });

  it('is gzipped for a client that takes it when it is worth it: 1 KB or more', async () => {
    const author = await t.createSession();
    const short = await createPost(t, author, { text: 'Corto' });
    const long = await createPost(t, author, { text: 'Largo '.repeat(80) });
    for (const [post, encoding] of [
      [short, null],
      [long, 'gzip'],
    ] as const) {
      for (const token of [author.token, undefined]) {
        const asked = await t.get(`/api/post/${post.url}`, { token, headers: { 'accept-encoding': 'gzip' } });
        expect(asked.headers.get('content-encoding')).toBe(encoding);
        expect(asked.headers.get('vary')).toContain('accept-encoding');
        // fetch has inflated a gzipped one: it is the plain answer.
        const plain = await t.get(`/api/post/${post.url}`, {
          token,
          headers: { 'accept-encoding': 'identity' },
        });
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(asked.body).toEqual(plain.body);
      }
    }
  });

  it('is forgotten by every write on it, and kept through writes on others', async () => {
    const author = await t.createSession();
    const reader = await t.createSession();
    const { url } = await createPost(t, author, { text: 'Hoces del Duratón' });
    const elsewhere = await createPost(t, author, { text: 'Otra' });
    expect(await forgets(url, () => t.post(`/api/like/post/${elsewhere.url}`, as(reader)))).toBe(false);
    expect(await forgets(url, () => t.post(`/api/follow/user/${author.username}`, as(reader)))).toBe(false);
    expect(await forgets(url, () => t.post(`/api/like/post/${url}`, as(reader)))).toBe(true);
    const comment = () =>
      t.post(`/api/comment/create/${url}`, { ...as(reader), body: { c: 'Buitres', p: 0 } });
    expect(await forgets(url, comment)).toBe(true);
    const edit = () => t.post(`/api/update/post/${url}`, { ...as(author), body: { text: 'Editado' } });
    expect(await forgets(url, edit)).toBe(true);
    expect(await forgets(url, () => t.post(`/api/denuncia/post/${url}`, as(reader)))).toBe(true);
    expect((await t.get(`/api/post/${url}`, as(reader))).status).toBe(404);
    expect((await t.get(`/api/post/${url}`)).body.data.descripcion).toBe('Editado');
    expect(await forgets(url, () => t.post(`/api/delete/post/${url}`, as(author)))).toBe(true);
    expect((await t.get(`/api/post/${url}`)).status).toBe(404);
  });
});
