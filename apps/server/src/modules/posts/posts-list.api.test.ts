import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { PostsPage, WallPost } from '@nomadas/shared/schemas';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost, postIdOf } from '../../test/posts-factory.js';

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
let reader: Session;
let traveller: Session;
/** Newest first, as the wall lists them. */
const wall: WallPost[] = [];

beforeAll(async () => {
  t = await startTestServer();
  [reader, traveller] = await Promise.all([t.createSession(), t.createSession()]);
  for (let i = 1; i <= 15; i++) {
    const author = i % 3 === 0 ? traveller : reader;
    const tag = (i % 5 === 0 ? ' #Picos' : '') + (i % 2 === 0 ? ' #Ruta' : '');
    wall.unshift(await createPost(t, author, { text: `Etapa ${i}${tag}` }));
  }
});
afterAll(() => t?.close());

async function page(query: string, token?: string): Promise<PostsPage> {
  const answer = await t.get(`/api/posts?1&${query}`, { token });
  expect(answer.status).toBe(200);
  expect(answer.body.state).toBe('OK');
  return answer.body.data;
}
const urls = (posts: WallPost[]) => posts.map((post) => post.url);
const idOf = (post: WallPost) => postIdOf(t, post);

describe('GET /api/posts', () => {
  it('pages newest first with index and fin', async () => {
    const first = await page('n=0&l=6&tag=&cm=1', reader.token);
    expect(urls(first.data)).toEqual(urls(wall.slice(0, 6)));
    expect(first.data.map((post) => post.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(first.fin).toBe(0);
    const last = await page('n=12&l=6', reader.token);
    expect(urls(last.data)).toEqual(urls(wall.slice(12)));
    expect(last.data[0]!.index).toBe(12);
    expect(last.fin).toBe(1);
    const exact = await page('n=9&l=6', reader.token);
    expect(exact.data).toHaveLength(6);
    expect(exact.fin).toBe(1);
    expect(await page('n=30&l=6', reader.token)).toMatchObject({ data: [], fin: 1 });
  });

  it('defaults to 12 per page and caps the page at 50', async () => {
    expect((await page('', reader.token)).data).toHaveLength(12);
    // 40 more than the 15 of the fixture, written straight to the table (and removed after): 55 in all.
    const { media, media_width, media_height } = await t.db
      .selectFrom('posts')
      .select(['media', 'media_width', 'media_height'])
      .executeTakeFirstOrThrow();
    const extra = await t.db
      .insertInto('posts')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          url: `extra-${i}`,
          user_id: traveller.id,
          media,
          media_width,
          media_height,
          text: `Extra ${i}`,
          hidden_at: null,
          edited_text: null,
        })),
      )
      .returning('id')
      .execute();
    try {
      const capped = await page('n=0&l=500', reader.token);
      expect(capped.data).toHaveLength(50);
      expect(capped.fin).toBe(0);
      const rest = await page('n=50&l=500', reader.token);
      expect(urls(rest.data)).toEqual(urls(wall.slice(10)));
      expect(rest.fin).toBe(1);
    } finally {
      await t.db
        .deleteFrom('posts')
        .where(
          'id',
          'in',
          extra.map((row) => row.id),
        )
        .execute();
    }
  });

  it('continues right after the last post the client holds with a, at any depth', async () => {
    const first = await page('n=0&l=4', reader.token);
    expect(first.a).toBe(await idOf(first.data.at(-1)!));
    // A post published meanwhile moves offsets, never a keyset continuation (no b needed).
    const fresh = await createPost(t, traveller, { text: 'Recién llegada #Ruta' });
    const held = [...first.data];
    let next = first;
    while (next.fin === 0) {
      next = await page(`n=${held.length}&l=4&a=${next.a}`, reader.token);
      held.push(...next.data);
    }
    expect(urls(held)).toEqual(urls(wall));
    expect(held.map((post) => post.index)).toEqual(wall.map((_, i) => i));
    expect(next.a).toBe(await idOf(wall.at(-1)!));
    // `a` wins over n, which only numbers the posts.
    const deep = await page(`n=99&l=2&a=${await idOf(wall[5]!)}`, reader.token);
    expect(urls(deep.data)).toEqual(urls(wall.slice(6, 8)));
    expect(deep.data.map((post) => post.index)).toEqual([99, 100]);
    // The same within a hashtag and within one user's posts.
    const tagged = wall.filter((post) => post.mediatext.includes('#Ruta'));
    expect(tagged.length).toBeGreaterThan(WALL_VISITOR_POSTS);
    const tagPage = await page(`n=2&l=2&tag=ruta&a=${await idOf(tagged[1]!)}`, reader.token);
    expect(urls(tagPage.data)).toEqual(urls(tagged.slice(2, 4)));
    const theirs = wall.filter((post) => post.username === traveller.username);
    const userPage = await page(`n=1&l=2&u=${traveller.username}&a=${await idOf(theirs[0]!)}`, reader.token);
    expect(urls(userPage.data)).toEqual(urls(theirs.slice(1, 3)));
    expect(await page(`n=15&l=4&a=${await idOf(wall.at(-1)!)}`, reader.token)).toMatchObject({
      data: [],
      fin: 1,
      a: null,
    });
    await t.post(`/api/delete/post/${fresh.url}`, { token: traveller.token });
  });

  it('never repeats a post between pages while new ones arrive, given b', async () => {
    const first = await page('n=0&l=5', reader.token);
    expect(first.b).toEqual(expect.stringMatching(/^\d+$/));
    const fresh = await createPost(t, traveller, { text: 'Recién llegada' });
    const second = await page(`n=5&l=5&b=${first.b}`, reader.token);
    const third = await page(`n=10&l=5&b=${first.b}`, reader.token);
    expect(second.b).toBe(first.b);
    const seen = [...urls(first.data), ...urls(second.data), ...urls(third.data)];
    expect(seen).toEqual(urls(wall));
    expect(third.fin).toBe(1);
    // Without b the same offset now repeats a post: the reason b exists.
    expect(urls((await page('n=5&l=5', reader.token)).data)[0]).toBe(wall[4]!.url);
    const restart = await page('n=0&l=5', reader.token);
    expect(restart.data[0]!.url).toBe(fresh.url);
    await t.post(`/api/delete/post/${fresh.url}`, { token: traveller.token });
  });

  it('computes islike, self and follow for the caller', async () => {
    await t.post(`/api/like/post/${wall[0]!.url}`, { token: reader.token });
    await t.db.insertInto('follows').values({ follower_id: reader.id, followed_id: traveller.id }).execute();
    const mine = await page('n=0&l=15', reader.token);
    for (const post of mine.data) {
      const own = post.username === reader.username;
      expect(post.self).toBe(own);
      expect(post.follow).toBe(own ? undefined : 1);
    }
    expect(mine.data[0]).toMatchObject({ islike: 1, likes: 1 });
    const theirs = await page('n=0&l=15', traveller.token);
    expect(theirs.data[0]).toMatchObject({ islike: 0, likes: 1 });
    for (const post of theirs.data) if (!post.self) expect(post.follow).toBe(0);
    await t.post(`/api/like/post/${wall[0]!.url}`, { token: reader.token });
    await t.db.deleteFrom('follows').execute();
  });

  it('gives a visitor the first 5 posts only', async () => {
    const first = await page('n=0&l=12');
    expect(urls(first.data)).toEqual(urls(wall.slice(0, WALL_VISITOR_POSTS)));
    for (const post of first.data) expect(post).toMatchObject({ self: false, islike: 0 });
    expect(first.data[0]!.follow).toBeUndefined();
    expect(urls((await page('n=3&l=12')).data)).toEqual(urls(wall.slice(3, 5)));
    expect(await page('n=5&l=12')).toMatchObject({ data: [], fin: 1 });
    expect(await page('n=50&l=12&u=' + traveller.username)).toMatchObject({ data: [], fin: 1 });
  });

  it("never shows a visitor more than a list's newest 5, whatever n, b, a, u or tag ask", async () => {
    const lists = [
      { query: '', posts: wall },
      { query: `u=${reader.username}`, posts: wall.filter((post) => post.username === reader.username) },
      { query: 'tag=ruta', posts: wall.filter((post) => post.mediatext.includes('#Ruta')) },
    ];
    for (const list of lists) {
      expect(list.posts.length, list.query).toBeGreaterThan(WALL_VISITOR_POSTS);
      const newest = urls(list.posts.slice(0, WALL_VISITOR_POSTS));
      for (const [i, post] of list.posts.entries()) {
        const id = await idOf(post);
        // Paging backwards with b from an old post, or keyset-continuing after one.
        for (const query of [
          `n=0&l=50&b=${id}`,
          `n=2&l=50&b=${id}`,
          `n=0&l=50&a=${id}`,
          `n=7&l=50&a=${id}`,
        ]) {
          const answer = await page(`${query}&${list.query}`);
          const expected = query.includes('a=')
            ? newest.slice(i + 1)
            : newest.slice(i + (query.startsWith('n=2') ? 2 : 0));
          expect(urls(answer.data), `${query}&${list.query}`).toEqual(expected);
        }
      }
    }
  });

  it('filters by hashtag, case and # ignored', async () => {
    const tagged = wall.filter((post) => post.mediatext.includes('#Picos'));
    expect(tagged).toHaveLength(3);
    expect(urls((await page('n=0&l=12&tag=picos', reader.token)).data)).toEqual(urls(tagged));
    expect(urls((await page(`n=0&l=12&tag=${encodeURIComponent('#PICOS')}`, reader.token)).data)).toEqual(
      urls(tagged),
    );
    const paged = await page('n=1&l=1&tag=picos', reader.token);
    expect(urls(paged.data)).toEqual([tagged[1]!.url]);
    expect(paged.fin).toBe(0);
    expect(await page('n=0&l=12&tag=nadie', reader.token)).toMatchObject({ data: [], fin: 1 });
  });

  it('lists only the people the caller follows with f=1 (Siguiendo), page after page, for logged-in callers only', async () => {
    expect(await page('f=1&l=12', traveller.token)).toMatchObject({ data: [], fin: 1 });
    await t.post(`/api/follow/user/${traveller.username}`, { token: reader.token });
    try {
      const theirs = wall.filter((post) => post.username === traveller.username);
      const first = await page('f=1&l=3&cm=1', reader.token);
      expect(urls(first.data)).toEqual(urls(theirs.slice(0, 3)));
      expect(first.data.every((post) => post.follow === 1)).toBe(true);
      expect(first.fin).toBe(0);
      const next = await page(`f=1&l=3&n=3&b=${first.b}&a=${first.a}`, reader.token);
      expect(urls(next.data)).toEqual(urls(theirs.slice(3, 6)));
      expect(next.data[0]!.index).toBe(3);
      // The whole wall for the same reader is untouched by the filter.
      expect(urls((await page('l=6', reader.token)).data)).toEqual(urls(wall.slice(0, 6)));
      const visitor = await t.get('/api/posts?f=1');
      expect(visitor.status).toBe(401);
      expect(visitor.body.state).toBe('KO');
    } finally {
      await t.post(`/api/quitfollow/${traveller.username}`, { token: reader.token });
    }
    expect(await page('f=1&l=12', reader.token)).toMatchObject({ data: [], fin: 1 });
  });

  it("lists one user's posts with u", async () => {
    const theirs = wall.filter((post) => post.username === traveller.username);
    expect(urls((await page(`n=0&l=12&u=${traveller.username}`, reader.token)).data)).toEqual(urls(theirs));
    expect(await page('n=0&l=12&u=no_existe', reader.token)).toMatchObject({ data: [], fin: 1 });
  });

  it('sends the latest two top-level comments of each post with cm=1, keyed by post url', async () => {
    const target = wall[1]!;
    for (const c of ['uno', 'dos', 'tres']) {
      await t.post(`/api/comment/create/${target.url}`, { token: traveller.token, body: { c, p: 0 } });
    }
    const comments = (await t.get(`/api/comment/get/${target.url}`)).body.data;
    await t.post(`/api/comment/create/${target.url}`, {
      token: reader.token,
      body: { c: 'respuesta', p: comments[2].id },
    });

    // The reader likes 'tres': their page marks it, and a visitor's does not.
    await t.post(`/api/comment/like/${comments[2].id}`, { token: reader.token });
    // The post just past each page has a comment too: it is never that page's preview.
    await t.post(`/api/comment/create/${wall[3]!.url}`, {
      token: traveller.token,
      body: { c: 'siguiente', p: 0 },
    });

    const withComments = await page('n=0&l=3&cm=1', reader.token);
    expect(Object.keys(withComments.comments!).sort()).toEqual(urls(wall.slice(0, 3)).sort());
    expect(withComments.comments![wall[0]!.url]).toEqual([]);
    expect(withComments.comments![target.url]).toEqual([
      expect.objectContaining({
        comentario: 'dos',
        replyCount: 0,
        items: [],
        islike: 0,
        likes: 0,
        username: traveller.username,
      }),
      expect.objectContaining({ comentario: 'tres', replyCount: 1, items: [], islike: 1, likes: 1 }),
    ]);
    // Each preview is the comment as its own list gives it, date included.
    const byId = new Map(comments.map((comment: { id: number; date: string }) => [comment.id, comment.date]));
    for (const preview of withComments.comments![target.url]!)
      expect(preview.date).toBe(byId.get(preview.id));
    const visitor = await page('n=0&l=3&cm=1');
    expect(visitor.comments![target.url]!.map((preview) => preview.islike)).toEqual([0, 0]);
    expect(withComments.data[1]!.comentarios).toBe(4);
    expect((await page('n=0&l=3', reader.token)).comments).toBeUndefined();
    // A keyset page (read with the caller's own marks, not from the shared page) previews the same.
    const continued = await page(`n=1&l=2&cm=1&a=${await idOf(wall[0]!)}`, reader.token);
    expect(Object.keys(continued.comments!).sort()).toEqual(urls(wall.slice(1, 3)).sort());
    expect(continued.comments![target.url]).toEqual(withComments.comments![target.url]);
    expect(continued.data[0]).toMatchObject({ url: target.url, comentarios: 4 });
    const [next] = (await t.get(`/api/comment/get/${wall[3]!.url}`)).body.data;
    await t.post(`/api/comment/delete/${next.id}`, { token: traveller.token });
  });

  it('gzips the page for a client that takes gzip (from pieces deflated once), and sends it plain otherwise', async () => {
    await t.post(`/api/like/post/${wall[1]!.url}`, { token: traveller.token });
    for (const token of [reader.token, traveller.token, undefined]) {
      const gzipped = await t.get('/api/posts?1&n=0&l=12&cm=1', {
        token,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toContain('accept-encoding');
      const plain = await t.get('/api/posts?1&n=0&l=12&cm=1', {
        token,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      // fetch has inflated the gzipped one (checking its CRC and length): both are the same answer.
      expect(gzipped.body).toEqual(plain.body);
      expect(plain.body.data.data.length).toBe(token ? 12 : WALL_VISITOR_POSTS);
    }
    await t.post(`/api/like/post/${wall[1]!.url}`, { token: traveller.token });
  });

  it('refuses a malformed query with 400', async () => {
    for (const query of ['n=-1', 'n=abc', 'l=0', 'b=abc', 'a=12x', `tag=${'x'.repeat(101)}`]) {
      const answer = await t.get(`/api/posts?1&${query}`, { token: reader.token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.state).toBe('KO');
    }
  });
});
