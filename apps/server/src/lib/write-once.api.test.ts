import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createChannel, createVideo } from '../test/channels-factory.js';
import { createPlace } from '../test/map-factory.js';
import { createPost, uploadPost } from '../test/posts-factory.js';
import { deleteOldWriteReceipts } from './write-receipts.queries.js';

// A write sent with an Idempotency-Key takes effect once (lib/write-once.ts): what an offline phone's outbox
// relies on when it sends again a write whose answer it never saw.

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
let author: Session;
let fan: Session;
beforeAll(async () => {
  t = await startTestServer();
  [author, fan] = await Promise.all([t.createSession(), t.createSession()]);
});
afterAll(() => t?.close());

const newKey = () => crypto.randomBytes(12).toString('base64url');
const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
const send = (path: string, who: Session, key: string, body?: unknown) =>
  t.post(path, { token: who.token, headers: keyed(key), ...(body !== undefined && { body }) });
const replayed = (answer: { headers: Headers }) => answer.headers.get('idempotent-replayed');

const postRow = (url: string) =>
  t.db.selectFrom('posts').select(['id', 'likes_count']).where('url', '=', url).executeTakeFirstOrThrow();
const notificationsOf = async (userId: string) =>
  (await t.db.selectFrom('notifications').select('id').where('user_id', '=', userId).execute()).length;
const receiptsOf = async (userId: string) =>
  (await t.db.selectFrom('write_receipts').select('key').where('user_id', '=', userId).execute()).length;

/** Counts 'post:reacted' events about one post, as every instance's caches hear them. */
async function reactionsHeard(postId: string, during: () => Promise<void>): Promise<number> {
  let heard = 0;
  const stop = await t.ctx.realtime.events.subscribe('post:reacted', (event) => {
    if (event.postId === postId) heard++;
  });
  try {
    await during();
    await t.eventsHeard();
    return heard;
  } finally {
    stop();
  }
}

describe('a like sent again with its key', () => {
  it('stays liked, answers what the first answered and announces nothing again', async () => {
    const post = await createPost(t, author);
    const { id } = await postRow(post.url);
    const key = newKey();
    const notified = await notificationsOf(author.id);
    let first!: Awaited<ReturnType<typeof send>>;
    const firstEvents = await reactionsHeard(id, async () => {
      first = await send(`/api/like/post/${post.url}`, fan, key);
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ state: 'OK', data: { islike: 1, likes: 1 } });
    expect(replayed(first)).toBeNull();
    expect(firstEvents).toBeGreaterThan(0);

    let again!: Awaited<ReturnType<typeof send>>;
    const replayEvents = await reactionsHeard(id, async () => {
      again = await send(`/api/like/post/${post.url}`, fan, key);
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(replayEvents).toBe(0);
    expect((await postRow(post.url)).likes_count).toBe(1);
    expect(await notificationsOf(author.id)).toBe(notified + 1);
  });

  it('two keys are two clicks: liked, then not', async () => {
    const post = await createPost(t, author);
    const like = await send(`/api/like/post/${post.url}`, fan, newKey());
    const unlike = await send(`/api/like/post/${post.url}`, fan, newKey());
    expect(like.body.data).toEqual({ islike: 1, likes: 1 });
    expect(unlike.body.data).toEqual({ islike: 0, likes: 0 });
    expect(replayed(unlike)).toBeNull();
  });

  it('without a key every call toggles, as before', async () => {
    const post = await createPost(t, author);
    await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    const second = await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    expect(second.body.data).toEqual({ islike: 0, likes: 0 });
  });

  it("is another user's own key: the same key by someone else is a write of theirs", async () => {
    const post = await createPost(t, author);
    const key = newKey();
    await send(`/api/like/post/${post.url}`, fan, key);
    const theirs = await send(`/api/like/post/${post.url}`, author, key);
    expect(theirs.body.data).toEqual({ islike: 1, likes: 2 });
  });
});

describe('duplicates at the same moment', () => {
  it('make one comment, and every copy answers it', async () => {
    const post = await createPost(t, author);
    const key = newKey();
    const answers = await Promise.all(
      [1, 2, 3].map(() => send(`/api/comment/create/${post.url}`, fan, key, { c: 'Buen sitio', p: 0 })),
    );
    const comments = await t.db
      .selectFrom('comments')
      .select('id')
      .where('post_id', '=', (await postRow(post.url)).id)
      .execute();
    expect(comments).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.data).toMatchObject({ id: Number(comments[0]!.id), comentarios: 1 });
    expect(answers.filter((answer) => replayed(answer) === 'true')).toHaveLength(2);
  });
});

describe('a post with its photo sent again', () => {
  it('makes one post, and the retry is answered before its photo is looked at', async () => {
    const key = newKey();
    const text = `Playa de las Catedrales ${key}`;
    const first = await uploadPost(t, fan.token, { text, headers: keyed(key) });
    expect(first.status).toBe(200);
    // Not an image: processing it would refuse it, so the answer shows nothing was processed.
    const again = await uploadPost(t, fan.token, {
      text,
      image: Buffer.from('no es una foto'),
      headers: keyed(key),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.db.selectFrom('posts').select('url').where('text', '=', text).execute();
    expect(rows).toEqual([{ url: first.body.data.url }]);
  });
});

describe('follows and reviews sent again', () => {
  it('a follow replays its answer and does not follow again once undone', async () => {
    const traveller = await t.createSession();
    const key = newKey();
    const follow = await send(`/api/follow/user/${author.username}`, traveller, key);
    expect(follow.body).toEqual({ state: 'OK', data: { follow: 1 } });
    await send(`/api/quitfollow/${author.username}`, traveller, newKey());
    const notified = await notificationsOf(author.id);

    const again = await send(`/api/follow/user/${author.username}`, traveller, key);
    expect(again.body).toEqual(follow.body);
    expect(replayed(again)).toBe('true');
    const follows = await t.db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', traveller.id)
      .execute();
    expect(follows).toHaveLength(0);
    expect(await notificationsOf(author.id)).toBe(notified);
  });

  it('a review twice is one review, answered with the same sheet', async () => {
    const place = await createPlace(t);
    const key = newKey();
    const path = `/api/map/location/${place.urlpoint}/review`;
    const first = await send(path, fan, key, { stars: 4, text: 'Tranquilo', stayed: '2025-05-01' });
    expect(first.status).toBe(200);
    // The same key with other stars: the retry is the first write, not a new edit.
    const again = await send(path, fan, key, { stars: 1, stayed: '2025-05-01' });
    expect(again.body).toEqual(first.body);
    const row = await t.db
      .selectFrom('map_locations')
      .select(['reviews_count', 'rating_sum'])
      .where('id', '=', place.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reviews_count: 1, rating_sum: 4 });
  });
});

describe('every other keyed write', () => {
  /** Sends `path` twice with one key: the second answer is the first's, replayed. */
  async function twice(path: string, who: Session) {
    const key = newKey();
    const first = await send(path, who, key);
    const again = await send(path, who, key);
    expect(first.status, path).toBe(200);
    expect(again.body, path).toEqual(first.body);
    expect(replayed(again), path).toBe('true');
    return first.body.data;
  }

  it('toggles a comment, video or channel once, and deletes once', async () => {
    const post = await createPost(t, author);
    const comment = (await send(`/api/comment/create/${post.url}`, author, newKey(), { c: 'Hola', p: 0 }))
      .body.data;
    expect(await twice(`/api/comment/like/${comment.id}`, fan)).toEqual({ islike: 1, likes: 1 });

    const channel = await createChannel(t, author);
    const video = await createVideo(t, channel);
    expect(await twice(`/api/canales/${channel.url}/${video.name}/like`, fan)).toEqual({
      islike: true,
      likes: 1,
    });
    expect(await twice(`/api/subscribe/${channel.url}`, fan)).toEqual({ subscribed: true, subs: 1 });

    // A deletion sent again answers its OK, not the 404 of what is already gone.
    expect(await twice(`/api/comment/delete/${comment.id}`, author)).toEqual({ comentarios: 0 });
    await twice(`/api/delete/post/${post.url}`, author);
  });

  it('confirms a draft place once', async () => {
    const place = await createPlace(t, { status: 'draft', authorId: author.id });
    const answer = await twice(`/api/map/location/${place.urlpoint}/confirm`, fan);
    expect(answer).toMatchObject({ draft: true, confirmations: 1 });
  });
});

describe('refusals', () => {
  it('a key used for another call is a 422', async () => {
    const post = await createPost(t, author);
    const key = newKey();
    await send(`/api/like/post/${post.url}`, fan, key);
    const reused = await send(`/api/comment/create/${post.url}`, fan, key, { c: 'Hola', p: 0 });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ state: 'KO', msg: MSG.idempotencyKeyReused });
    expect((await t.get(`/api/comment/get/${post.url}`)).body.data).toEqual([]);
  });

  it('a malformed key is a 400 and writes nothing', async () => {
    const post = await createPost(t, author);
    for (const key of ['corta', 'con espacios', 'x'.repeat(65), 'tiene/barra.es']) {
      const answer = await send(`/api/like/post/${post.url}`, fan, key);
      expect(answer.status, key).toBe(400);
      expect(answer.body, key).toEqual({ state: 'KO', msg: MSG.idempotencyKeyInvalid });
    }
    expect((await postRow(post.url)).likes_count).toBe(0);
  });

  it("a refused write is refused again, even once it would pass: a comment's missing parent", async () => {
    const post = await createPost(t, author);
    const key = newKey();
    const first = await send(`/api/comment/create/${post.url}`, fan, key, { c: 'Respuesta', p: 999_999 });
    expect(first.status).toBe(404);
    const again = await send(`/api/comment/create/${post.url}`, fan, key, { c: 'Respuesta', p: 0 });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
  });

  it('a like of a deleted post replays its 404', async () => {
    const post = await createPost(t, author);
    await t.post(`/api/delete/post/${post.url}`, { token: author.token });
    const key = newKey();
    const first = await send(`/api/like/post/${post.url}`, fan, key);
    const again = await send(`/api/like/post/${post.url}`, fan, key);
    expect([first.status, again.status]).toEqual([404, 404]);
    expect(again.body).toEqual({ state: 'KO', msg: MSG.notFound });
  });
});

describe('receipts', () => {
  it('go with their account', async () => {
    const leaving = await t.createSession();
    const post = await createPost(t, author);
    await send(`/api/like/post/${post.url}`, leaving, newKey());
    expect(await receiptsOf(leaving.id)).toBe(1);
    const gone = await t.post('/api/perfil/delete', {
      token: leaving.token,
      body: { password: leaving.password },
    });
    expect(gone.status).toBe(200);
    expect(await receiptsOf(leaving.id)).toBe(0);
  });

  it('are swept after 30 days; a key swept runs again', async () => {
    const sweeper = await t.createSession();
    const post = await createPost(t, author);
    const [old, recent] = [newKey(), newKey()];
    await send(`/api/like/post/${post.url}`, sweeper, old);
    await send(`/api/like/post/${post.url}`, sweeper, recent);
    // created_at is never updated by the app; a month-old receipt is made by hand.
    await sql`update write_receipts set created_at = now() - interval '31 days'
      where user_id = ${sweeper.id} and key = ${old}`.execute(t.db);
    await deleteOldWriteReceipts(t.db, 30);
    const kept = await t.db
      .selectFrom('write_receipts')
      .select('key')
      .where('user_id', '=', sweeper.id)
      .execute();
    expect(kept).toEqual([{ key: recent }]);
    expect((await send(`/api/like/post/${post.url}`, sweeper, old)).body.data).toEqual({
      islike: 1,
      likes: 1,
    });
  });
});
