import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX, MSG } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost } from '../../test/posts-factory.js';

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
let author: Session;
let commenter: Session;
beforeAll(async () => {
  t = await startTestServer();
  [author, commenter] = await Promise.all([t.createSession(), t.createSession()]);
});
afterAll(() => t?.close());

const comment = (post: WallPost, session: Session, body: unknown) =>
  t.post(`/api/comment/create/${post.url}`, { token: session.token, body });
const commentsOf = async (post: WallPost, token?: string) =>
  (await t.get(`/api/comment/get/${post.url}`, { token })).body.data;
const totalOf = async (post: WallPost) => (await t.get(`/api/post/${post.url}`)).body.data.comentarios;

describe('comments and replies', () => {
  it('creates a comment with the spec shape and its new id', async () => {
    const post = await createPost(t, author);
    const created = await comment(post, commenter, { c: '  ¡Qué sitio! 🚐 #noEsTag  ', p: 0, u: post.url });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      state: 'OK',
      msg: MSG.commentCreated,
      data: {
        id: expect.any(Number),
        comentario: '¡Qué sitio! 🚐 #noEsTag',
        username: commenter.username,
        userimg: '',
        date: expect.any(String),
        likes: 0,
        islike: 0,
        items: [],
        parent: 0,
        comentarios: 1,
      },
    });
    expect(await t.db.selectFrom('post_hashtags').selectAll().where('tag', '=', 'noestag').execute()).toEqual(
      [],
    );
  });

  it('nests replies under the top-level comment, replies to replies too, and counts them all', async () => {
    const post = await createPost(t, author);
    const top = (await comment(post, commenter, { c: 'Primero', p: 0 })).body.data;
    const reply = (await comment(post, author, { c: 'Respuesta', p: top.id })).body.data;
    expect(reply.parent).toBe(top.id);
    const replyToReply = (
      await comment(post, commenter, { c: 'Respuesta a la respuesta', p: String(reply.id) })
    ).body.data;
    expect(replyToReply.parent).toBe(top.id);
    const second = (await comment(post, author, { c: 'Segundo', p: '0' })).body.data;
    expect(second.comentarios).toBe(4);

    const list = await commentsOf(post);
    expect(list.map((c: { comentario: string }) => c.comentario)).toEqual(['Primero', 'Segundo']);
    expect(list[0].items.map((c: { comentario: string }) => c.comentario)).toEqual([
      'Respuesta',
      'Respuesta a la respuesta',
    ]);
    expect(list[0].items[0]).toMatchObject({
      id: reply.id,
      username: author.username,
      likes: 0,
      islike: 0,
      items: [],
    });
    expect(await totalOf(post)).toBe(4);
  });

  it('refuses empty, whitespace-only and too long comments', async () => {
    const post = await createPost(t, author);
    for (const body of [{ c: '', p: 0 }, { c: ' \n\t ', p: 0 }, { p: 0 }, undefined]) {
      const answer = await comment(post, commenter, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.commentRequired });
    }
    const long = await comment(post, commenter, { c: 'a'.repeat(1001), p: 0 });
    expect(long.body).toEqual({ state: 'KO', msg: MSG.commentTooLong });
    expect((await comment(post, commenter, { c: '🚐'.repeat(1000), p: 0 })).status).toBe(200);
    expect((await comment(post, commenter, { c: 'hola', p: -1 })).status).toBe(400);
    expect((await comment(post, commenter, { c: 'hola', p: 'abc' })).status).toBe(400);
    expect(await totalOf(post)).toBe(1);
  });

  it('answers 401 to a visitor and 404 for a missing post or parent, or a parent on another post', async () => {
    const post = await createPost(t, author);
    const elsewhere = await createPost(t, author);
    const foreign = (await comment(elsewhere, commenter, { c: 'En otro post', p: 0 })).body.data;
    expect((await t.post(`/api/comment/create/${post.url}`, { body: { c: 'hola', p: 0 } })).status).toBe(401);
    expect(
      (
        await t.post('/api/comment/create/no-existe-abc123', {
          token: commenter.token,
          body: { c: 'hola', p: 0 },
        })
      ).status,
    ).toBe(404);
    expect((await comment(post, commenter, { c: 'hola', p: 999999999 })).status).toBe(404);
    expect((await comment(post, commenter, { c: 'hola', p: foreign.id })).status).toBe(404);
    expect((await t.get('/api/comment/get/no-existe-abc123')).status).toBe(404);
    expect(await totalOf(post)).toBe(0);
  });

  it('lists comments publicly, with islike for the caller', async () => {
    const post = await createPost(t, author);
    const top = (await comment(post, commenter, { c: 'Hola', p: 0 })).body.data;
    await t.post(`/api/comment/like/${top.id}`, { token: author.token });
    expect((await commentsOf(post))[0]).toMatchObject({ likes: 1, islike: 0 });
    expect((await commentsOf(post, author.token))[0]).toMatchObject({ likes: 1, islike: 1 });
  });
});

describe('GET /api/comment/get/{post}: pages of comments', () => {
  type Listed = { id: number; comentario: string; items: Listed[] };
  const page = async (post: WallPost, query: string) => {
    const answer = await t.get(`/api/comment/get/${post.url}?${query}`);
    expect(answer.status).toBe(200);
    return answer.body as { state: 'OK'; data: Listed[]; fin: 0 | 1 };
  };
  const texts = (list: Listed[]) => list.map((c) => c.comentario);

  it('pages back from the newest top-level comments, oldest first in a page, replies with their comment', async () => {
    const post = await createPost(t, author);
    const tops: Listed[] = [];
    for (let i = 1; i <= 5; i++) tops.push((await comment(post, commenter, { c: `c${i}`, p: 0 })).body.data);
    await comment(post, author, { c: 'r2', p: tops[1]!.id });
    await comment(post, author, { c: 'r4a', p: tops[3]!.id });
    await comment(post, commenter, { c: 'r4b', p: tops[3]!.id });

    const first = await page(post, 'l=2');
    expect(texts(first.data)).toEqual(['c4', 'c5']);
    expect(texts(first.data[0]!.items)).toEqual(['r4a', 'r4b']);
    expect(first.fin).toBe(0);

    // A comment published meanwhile moves nothing: the next page continues right before the oldest one held.
    await comment(post, author, { c: 'c6', p: 0 });
    const second = await page(post, `l=2&a=${first.data[0]!.id}`);
    expect(texts(second.data)).toEqual(['c2', 'c3']);
    expect(texts(second.data[0]!.items)).toEqual(['r2']);
    expect(second.fin).toBe(0);

    const last = await page(post, `l=2&a=${second.data[0]!.id}`);
    expect(texts(last.data)).toEqual(['c1']);
    expect(last.fin).toBe(1);
    expect(await page(post, `l=2&a=${last.data[0]!.id}`)).toEqual({ state: 'OK', data: [], fin: 1 });

    // Exactly a page's worth left also ends the list (no empty page to ask for).
    expect((await page(post, `l=5&a=${first.data[1]!.id}`)).fin).toBe(1);
  });

  it('answers the newest page of COMMENTS_PAGE_DEFAULT without a limit, and caps a large one', async () => {
    const post = await createPost(t, author);
    for (let i = 1; i <= COMMENTS_PAGE_DEFAULT + 1; i++) await comment(post, commenter, { c: `n${i}`, p: 0 });
    const plain = await page(post, '');
    expect(plain.data).toHaveLength(COMMENTS_PAGE_DEFAULT);
    expect(plain.data[0]!.comentario).toBe('n2');
    expect(plain.fin).toBe(0);
    const all = await page(post, `l=${COMMENTS_PAGE_MAX * 10}`);
    expect(all.data).toHaveLength(COMMENTS_PAGE_DEFAULT + 1);
    expect(all.fin).toBe(1);
    const empty = await page(await createPost(t, author), 'l=3');
    expect(empty).toEqual({ state: 'OK', data: [], fin: 1 });
  });

  it('refuses a malformed limit or cursor with 400', async () => {
    const post = await createPost(t, author);
    for (const query of ['l=0', 'l=-1', 'l=abc', 'a=abc', 'a=-5', 'a=99999999999999999999']) {
      const answer = await t.get(`/api/comment/get/${post.url}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.state).toBe('KO');
    }
  });
});

describe('POST /api/comment/like/{id}', () => {
  it('toggles, and stays consistent under 20 parallel clicks', async () => {
    const post = await createPost(t, author);
    const top = (await comment(post, commenter, { c: 'Dale like', p: 0 })).body.data;
    expect((await t.post(`/api/comment/like/${top.id}`, { token: author.token })).body.data).toEqual({
      islike: 1,
      likes: 1,
    });
    expect((await t.post(`/api/comment/like/${top.id}`, { token: author.token })).body.data).toEqual({
      islike: 0,
      likes: 0,
    });
    await Promise.all(
      Array.from({ length: 20 }, () => t.post(`/api/comment/like/${top.id}`, { token: author.token })),
    );
    const row = await t.db
      .selectFrom('comments')
      .select('likes_count')
      .where('id', '=', String(top.id))
      .executeTakeFirstOrThrow();
    const likes = await t.db
      .selectFrom('comment_likes')
      .select('user_id')
      .where('comment_id', '=', String(top.id))
      .execute();
    expect(row.likes_count).toBe(likes.length);
    expect([0, 1]).toContain(likes.length);
  });

  it('answers 401, 404 and 400 for a visitor, a missing comment and a malformed id', async () => {
    expect((await t.post('/api/comment/like/1')).status).toBe(401);
    expect((await t.post('/api/comment/like/999999999', { token: author.token })).status).toBe(404);
    expect((await t.post('/api/comment/like/abc', { token: author.token })).status).toBe(400);
    expect((await t.post('/api/comment/like/99999999999999999999', { token: author.token })).status).toBe(
      400,
    );
  });
});

describe('POST /api/comment/delete/{id}', () => {
  it('lets only the author delete; replies go with a top-level comment and leave the total', async () => {
    const post = await createPost(t, author);
    const top = (await comment(post, commenter, { c: 'Borrable', p: 0 })).body.data;
    const reply = (await comment(post, author, { c: 'Respuesta', p: top.id })).body.data;
    await t.post(`/api/comment/like/${top.id}`, { token: author.token });
    const kept = (await comment(post, author, { c: 'Se queda', p: 0 })).body.data;
    expect(await totalOf(post)).toBe(3);

    // Not even the post's author may delete someone else's comment.
    const forbidden = await t.post(`/api/comment/delete/${top.id}`, { token: author.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ state: 'KO', msg: MSG.forbidden });

    const deleted = await t.post(`/api/comment/delete/${top.id}`, { token: commenter.token });
    expect(deleted.body).toEqual({ state: 'OK', msg: MSG.commentDeleted, data: { comentarios: 1 } });
    expect((await commentsOf(post)).map((c: { id: number }) => c.id)).toEqual([kept.id]);
    expect(await totalOf(post)).toBe(1);
    expect(
      await t.db.selectFrom('comment_likes').selectAll().where('comment_id', '=', String(top.id)).execute(),
    ).toEqual([]);
    expect((await t.post(`/api/comment/delete/${reply.id}`, { token: author.token })).status).toBe(404);
  });

  it('deletes a single reply and counts one less', async () => {
    const post = await createPost(t, author);
    const top = (await comment(post, commenter, { c: 'Arriba', p: 0 })).body.data;
    const reply = (await comment(post, author, { c: 'Abajo', p: top.id })).body.data;
    const deleted = await t.post(`/api/comment/delete/${reply.id}`, { token: author.token });
    expect(deleted.body.data).toEqual({ comentarios: 1 });
    expect((await commentsOf(post))[0].items).toEqual([]);
  });

  it('answers 401 to a visitor and 404 for a missing comment', async () => {
    expect((await t.post('/api/comment/delete/1')).status).toBe(401);
    expect((await t.post('/api/comment/delete/999999999', { token: author.token })).status).toBe(404);
  });
});
