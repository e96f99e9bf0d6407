import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationsPage } from '@nomadas/shared/answers';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost } from '../../test/posts-factory.js';
import {
  NOTIFICATIONS_CHANNEL,
  deriveSeededNotifications,
  type NewNotificationsMessage,
} from './notifications.service.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestServer['createSession']>>;

/** Every notification of `user`, newest first, through the real list call. */
async function notificationsOf(user: Session): Promise<NotificationItem[]> {
  const answer = await t.get<{ data: NotificationsPage }>('/api/notifications?l=50', { token: user.token });
  expect(answer.status).toBe(200);
  return answer.body.data.data;
}

async function pendingOf(user: Session): Promise<number> {
  const answer = await t.get('/api/notifications_nv', { token: user.token });
  expect(answer.status).toBe(200);
  return answer.body.data as number;
}

const summary = (items: NotificationItem[]) =>
  items.map((item) => `${item.type}:${item.actor?.username ?? ''}`);

async function comment(user: Session, postUrl: string, c: string, p = 0): Promise<number> {
  const answer = await t.post(`/api/comment/create/${postUrl}`, { token: user.token, body: { c, p } });
  expect(answer.body.state).toBe('OK');
  return answer.body.data.id as number;
}

describe('likes on a post', () => {
  it("notify the post's author once, never the liker themself, and go away when undone", async () => {
    const [author, fan] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author, { text: 'Noche de estrellas en Gredos' });

    await t.post(`/api/like/post/${post.url}`, { token: author.token });
    expect(await notificationsOf(author)).toEqual([]);

    await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    const [liked] = await notificationsOf(author);
    expect(liked).toEqual({
      id: expect.any(String),
      type: 'post_like',
      actor: { username: fan.username, img: expect.any(String) },
      target: { kind: 'post', url: post.url, text: 'Noche de estrellas en Gredos', thumb: post.thumbSmall },
      date: expect.any(String),
      seen: false,
    });
    expect(await pendingOf(author)).toBe(1);

    await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    expect(await notificationsOf(author)).toEqual([]);
    expect(await pendingOf(author)).toBe(0);
    expect(await notificationsOf(fan)).toEqual([]);
  });

  it('never duplicate under 20 parallel toggles: one notification exactly when the like stands', async () => {
    const [author, fan] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`/api/like/post/${post.url}`, { token: fan.token })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const liked = (await t.get(`/api/post/${post.url}`, { token: fan.token })).body.data.islike;
    expect(summary(await notificationsOf(author))).toEqual(liked ? [`post_like:${fan.username}`] : []);

    // And liking again from where it stands ends with exactly one.
    if (liked) await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    await Promise.all(
      Array.from({ length: 3 }, () => t.post(`/api/like/post/${post.url}`, { token: fan.token })),
    );
    const again = (await t.get(`/api/post/${post.url}`, { token: fan.token })).body.data.islike;
    expect(summary(await notificationsOf(author))).toEqual(again ? [`post_like:${fan.username}`] : []);
  });

  it('go with the post when it is deleted', async () => {
    const [author, fan] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    expect(await pendingOf(author)).toBe(1);
    expect((await t.post(`/api/delete/post/${post.url}`, { token: author.token })).body.state).toBe('OK');
    expect(await notificationsOf(author)).toEqual([]);
  });
});

describe('comments and replies', () => {
  it("notify the post's author of a comment and the answered author of a reply, never oneself", async () => {
    const [author, ana, bruno] = await Promise.all([t.createSession(), t.createSession(), t.createSession()]);
    const post = await createPost(t, author, { text: 'Área de Sarria' });

    await comment(author, post.url, 'Mi propio comentario');
    expect(await notificationsOf(author)).toEqual([]);

    const anaComment = await comment(ana, post.url, '¿Tiene agua potable?');
    const [commented] = await notificationsOf(author);
    expect(commented).toMatchObject({
      type: 'post_comment',
      actor: { username: ana.username },
      target: { kind: 'comment', url: post.url, text: '¿Tiene agua potable?' },
    });

    // Bruno answers Ana: Ana hears of the reply, the author of a new comment on the post.
    await comment(bruno, post.url, 'Sí, y vaciado gratis', anaComment);
    expect(summary(await notificationsOf(ana))).toEqual([`comment_reply:${bruno.username}`]);
    expect((await notificationsOf(ana))[0]!.target).toMatchObject({
      kind: 'comment',
      text: 'Sí, y vaciado gratis',
    });
    expect(summary(await notificationsOf(author))).toEqual([
      `post_comment:${bruno.username}`,
      `post_comment:${ana.username}`,
    ]);

    // The author answers Ana: Ana hears of it once, the author of nothing.
    await comment(author, post.url, 'Y luz hasta las diez', anaComment);
    expect(summary(await notificationsOf(ana))).toEqual([
      `comment_reply:${author.username}`,
      `comment_reply:${bruno.username}`,
    ]);
    expect(await notificationsOf(author)).toHaveLength(2);

    // Ana answers herself: only the post's author is told.
    await comment(ana, post.url, 'Gracias a los dos', anaComment);
    expect(await notificationsOf(ana)).toHaveLength(2);
    expect(summary(await notificationsOf(author))[0]).toBe(`post_comment:${ana.username}`);
  });

  it("tell the comment's author of a reply once when they also wrote the post", async () => {
    const [author, ana] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    const own = await comment(author, post.url, 'Llegamos a las ocho');
    await comment(ana, post.url, '¡Buen viaje!', own);
    expect(summary(await notificationsOf(author))).toEqual([`comment_reply:${ana.username}`]);
  });

  it('go with the comment when it is deleted', async () => {
    const [author, ana] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    const id = await comment(ana, post.url, 'Comentario que borraré');
    expect(await notificationsOf(author)).toHaveLength(1);
    expect((await t.post(`/api/comment/delete/${id}`, { token: ana.token })).body.state).toBe('OK');
    expect(await notificationsOf(author)).toEqual([]);
  });
});

describe('likes on a comment', () => {
  it('notify its author once, not themself, go when undone, and never duplicate in parallel', async () => {
    const [author, ana, fan] = await Promise.all([t.createSession(), t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    const id = await comment(ana, post.url, 'Un sitio precioso para pasar la noche');

    await t.post(`/api/comment/like/${id}`, { token: ana.token });
    expect(await notificationsOf(ana)).toEqual([]);

    await t.post(`/api/comment/like/${id}`, { token: fan.token });
    expect(await notificationsOf(ana)).toMatchObject([
      {
        type: 'comment_like',
        actor: { username: fan.username },
        target: { kind: 'comment', url: post.url, text: 'Un sitio precioso para pasar la noche' },
      },
    ]);
    await t.post(`/api/comment/like/${id}`, { token: fan.token });
    expect(await notificationsOf(ana)).toEqual([]);

    await Promise.all(
      Array.from({ length: 15 }, () => t.post(`/api/comment/like/${id}`, { token: fan.token })),
    );
    const comments = (await t.get(`/api/comment/get/${post.url}`, { token: fan.token })).body.data;
    const liked = comments.find((c: { id: number }) => c.id === id).islike;
    expect(summary(await notificationsOf(ana))).toEqual(liked ? [`comment_like:${fan.username}`] : []);
  });
});

describe('followers and friends', () => {
  it('a follow notifies the followed once; following back makes a friend; unfollowing takes them back', async () => {
    const [marta, luis] = await Promise.all([t.createSession(), t.createSession()]);

    await Promise.all(
      Array.from({ length: 5 }, () => t.post(`/api/follow/user/${luis.username}`, { token: marta.token })),
    );
    expect(summary(await notificationsOf(luis))).toEqual([`follow:${marta.username}`]);
    expect((await notificationsOf(luis))[0]!.target).toEqual({ kind: 'profile', username: marta.username });
    expect(await notificationsOf(marta)).toEqual([]);

    // Luis follows back: Marta has a new follower and a new friend; Luis, who made it, nothing.
    await t.post(`/api/follow/user/${marta.username}`, { token: luis.token });
    expect(summary(await notificationsOf(marta))).toEqual([
      `friend:${luis.username}`,
      `follow:${luis.username}`,
    ]);
    expect(summary(await notificationsOf(luis))).toEqual([`follow:${marta.username}`]);
    // Following again changes nothing.
    await t.post(`/api/follow/user/${marta.username}`, { token: luis.token });
    expect(await notificationsOf(marta)).toHaveLength(2);

    // Marta unfollows: Luis loses his follower; the friendship is over, so Marta's friend notice goes too.
    await t.post(`/api/quitfollow/${luis.username}`, { token: marta.token });
    expect(await notificationsOf(luis)).toEqual([]);
    expect(summary(await notificationsOf(marta))).toEqual([`follow:${luis.username}`]);
  });

  it('two people following each other at once make one friend notice', async () => {
    const [sara, pablo] = await Promise.all([t.createSession(), t.createSession()]);
    await Promise.all([
      t.post(`/api/follow/user/${pablo.username}`, { token: sara.token }),
      t.post(`/api/follow/user/${sara.username}`, { token: pablo.token }),
    ]);
    const both = [...(await notificationsOf(sara)), ...(await notificationsOf(pablo))];
    expect(both.filter((n) => n.type === 'follow')).toHaveLength(2);
    expect(both.filter((n) => n.type === 'friend')).toHaveLength(1);
  });
});

describe('mentions', () => {
  it('notify each existing user mentioned once per post, never the author, and follow edits', async () => {
    const [author, ana, bruno] = await Promise.all([t.createSession(), t.createSession(), t.createSession()]);
    const post = await createPost(t, author, {
      text: `Con @${ana.username} y otra vez @${ana.username}, @${author.username} y @nadie_existe_ya`,
    });
    expect(summary(await notificationsOf(ana))).toEqual([`mention:${author.username}`]);
    expect((await notificationsOf(ana))[0]!.target).toMatchObject({ kind: 'post', url: post.url });
    expect(await notificationsOf(author)).toEqual([]);

    const edit = (text: string) =>
      t.post(`/api/update/post/${post.url}`, { token: author.token, body: { text } });
    expect((await edit(`Con @${ana.username} y @${bruno.username}`)).body.state).toBe('OK');
    expect(await notificationsOf(ana)).toHaveLength(1);
    expect(summary(await notificationsOf(bruno))).toEqual([`mention:${author.username}`]);

    // Ana is no longer mentioned: hers goes; Bruno's stays one.
    await edit(`Ahora solo @${bruno.username}`);
    expect(await notificationsOf(ana)).toEqual([]);
    expect(await notificationsOf(bruno)).toHaveLength(1);
  });
});

describe('the welcome', () => {
  it('comes once, when the account is activated', async () => {
    const email = 'bienvenida@example.com';
    const registered = await t.post('/api/register', {
      body: { username: 'bienvenida', email, password: 'furgo-2026', password_confirmation: 'furgo-2026' },
    });
    expect(registered.status).toBe(200);
    const link = await t.mailLink(email, '/verificar/');
    expect((await t.post(`/api/verificar/${link!.split('/').pop()}`)).body.state).toBe('OK');
    const login = await t.post('/api/login', { body: { username: 'bienvenida', password: 'furgo-2026' } });
    const user = { token: login.body.token as string } as Session;
    expect(await notificationsOf(user)).toEqual([
      {
        id: expect.any(String),
        type: 'welcome',
        actor: null,
        target: null,
        date: expect.any(String),
        seen: false,
      },
    ]);
    expect(await pendingOf(user)).toBe(1);
  });
});

describe('GET /api/notifications, GET /api/notifications_nv, POST /api/notifications', () => {
  it('answer 401 without a session', async () => {
    expect((await t.get('/api/notifications')).status).toBe(401);
    expect((await t.get('/api/notifications_nv')).status).toBe(401);
    expect((await t.post('/api/notifications')).status).toBe(401);
    expect((await t.get('/api/notifications_nv', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it("page newest first, and nobody sees another user's notifications", async () => {
    const author = await t.createSession();
    const fans = await Promise.all(Array.from({ length: 5 }, () => t.createSession()));
    const post = await createPost(t, author);
    for (const fan of fans) await t.post(`/api/like/post/${post.url}`, { token: fan.token });

    const first = (await t.get('/api/notifications?l=2', { token: author.token })).body
      .data as NotificationsPage;
    expect(first.data.map((n) => n.actor?.username)).toEqual([fans[4]!.username, fans[3]!.username]);
    expect(first.fin).toBe(0);
    const second = (await t.get(`/api/notifications?l=2&a=${first.a}`, { token: author.token })).body
      .data as NotificationsPage;
    expect(second.data.map((n) => n.actor?.username)).toEqual([fans[2]!.username, fans[1]!.username]);
    const third = (await t.get(`/api/notifications?l=2&a=${second.a}`, { token: author.token })).body
      .data as NotificationsPage;
    expect(third.data.map((n) => n.actor?.username)).toEqual([fans[0]!.username]);
    expect(third.fin).toBe(1);

    // Each fan sees none of them, even asking right after one of the author's ids.
    for (const fan of fans) {
      expect(await notificationsOf(fan)).toEqual([]);
      const probe = await t.get(`/api/notifications?a=${BigInt(first.data[0]!.id) + 1n}`, {
        token: fan.token,
      });
      expect(probe.body.data.data).toEqual([]);
      expect(await pendingOf(fan)).toBe(0);
    }
  });

  it('refuses a bad page or id', async () => {
    const user = await t.createSession();
    expect((await t.get('/api/notifications?a=abc', { token: user.token })).status).toBe(400);
    expect((await t.get('/api/notifications?l=0', { token: user.token })).status).toBe(400);
    expect((await t.post('/api/notifications', { token: user.token, body: { id: 'x' } })).status).toBe(400);
  });

  it('marking seen zeroes the count; with an id, newer ones stay pending', async () => {
    const author = await t.createSession();
    const fans = await Promise.all(Array.from({ length: 3 }, () => t.createSession()));
    const post = await createPost(t, author);
    for (const fan of fans.slice(0, 2)) await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    expect(await pendingOf(author)).toBe(2);
    const shown = await notificationsOf(author);

    await t.post(`/api/like/post/${post.url}`, { token: fans[2]!.token });
    const marked = await t.post('/api/notifications', { token: author.token, body: { id: shown[0]!.id } });
    expect(marked.body).toEqual({ state: 'OK', data: { pending: 1 } });
    expect(await pendingOf(author)).toBe(1);
    expect((await notificationsOf(author)).map((n) => n.seen)).toEqual([false, true, true]);

    const all = await t.post('/api/notifications', { token: author.token });
    expect(all.body).toEqual({ state: 'OK', data: { pending: 0 } });
    expect(await pendingOf(author)).toBe(0);
    expect((await notificationsOf(author)).every((n) => n.seen)).toBe(true);

    // Marking touches only the caller's own.
    const other = await t.createSession();
    const theirs = await createPost(t, other);
    await t.post(`/api/like/post/${theirs.url}`, { token: author.token });
    await t.post('/api/notifications', { token: author.token });
    expect(await pendingOf(other)).toBe(1);
  });
});

describe('pub/sub', () => {
  it("publishes the recipient's pending count after the commit", async () => {
    const [author, fan] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    const heard = new Promise<NewNotificationsMessage>((resolve) => {
      void t.ctx.pubsub.subscribe(NOTIFICATIONS_CHANNEL, (message) => {
        const parsed = JSON.parse(message) as NewNotificationsMessage;
        if (parsed.userId === author.id) resolve(parsed);
      });
    });
    await t.post(`/api/like/post/${post.url}`, { token: fan.token });
    expect(await heard).toEqual({ userId: author.id, pending: 1, countedAt: expect.any(Number) });
  });

  it('a failing publish fails nothing: the like and its notification stand', async () => {
    const [author, fan] = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    const publish = t.ctx.pubsub.publish;
    t.ctx.pubsub.publish = async () => {
      throw new Error('Redis unavailable');
    };
    try {
      const like = await t.post(`/api/like/post/${post.url}`, { token: fan.token });
      expect(like.body).toEqual({ state: 'OK', data: { islike: 1, likes: 1 } });
    } finally {
      t.ctx.pubsub.publish = publish;
    }
    expect(await pendingOf(author)).toBe(1);
  });

  it('the instance that made a notification counts it at once, before its own event comes back', async () => {
    const author = await t.createSession();
    const fans = await Promise.all([t.createSession(), t.createSession()]);
    const post = await createPost(t, author);
    await t.post(`/api/like/post/${post.url}`, { token: fans[0]!.token });
    expect(await pendingOf(author)).toBe(1);
    // Its event still on the way (through Redis, a few milliseconds), or lost with Redis.
    const publish = t.ctx.pubsub.publish;
    t.ctx.pubsub.publish = () => new Promise(() => {});
    try {
      await t.post(`/api/like/post/${post.url}`, { token: fans[1]!.token });
      expect(await pendingOf(author)).toBe(2);
    } finally {
      t.ctx.pubsub.publish = publish;
    }
  });
});

describe('notifications of seeded content', () => {
  it('are derived exactly as the live actions make them', async () => {
    const [ana, bruno, carla] = await Promise.all([t.createSession(), t.createSession(), t.createSession()]);
    const post = await createPost(t, ana, { text: `Ruta con @${bruno.username}` });
    await t.post(`/api/like/post/${post.url}`, { token: bruno.token });
    const carlaComment = await comment(carla, post.url, '¡Qué sitio!');
    await comment(ana, post.url, 'Gracias', carlaComment);
    await comment(bruno, post.url, 'Yo también estuve', carlaComment);
    await t.post(`/api/comment/like/${carlaComment}`, { token: bruno.token });
    await t.post(`/api/follow/user/${ana.username}`, { token: bruno.token });
    await t.post(`/api/follow/user/${bruno.username}`, { token: ana.token });
    await t.post(`/api/follow/user/${ana.username}`, { token: carla.token });

    const ids = [ana.id, bruno.id, carla.id];
    const rows = () =>
      t.db
        .selectFrom('notifications')
        .select(['user_id', 'actor_id', 'type', 'post_id', 'comment_id', 'seen_at'])
        .where('user_id', 'in', ids)
        .orderBy('id')
        .execute();
    const live = await rows();
    expect(live.length).toBe(11);
    await t.db.deleteFrom('notifications').where('user_id', 'in', ids).execute();

    await deriveSeededNotifications(t.db, ids, 2);
    const derived = await rows();
    const key = (row: (typeof live)[number]) =>
      [row.type, row.user_id, row.actor_id, row.post_id, row.comment_id].join(' ');
    expect(derived.map(key).sort()).toEqual(live.map(key).sort());
    // Each person's two newest are pending, the rest seen.
    const pending = derived.filter((row) => row.seen_at === null);
    expect(pending.map((row) => row.user_id).sort()).toEqual([...ids, ...ids].sort());
    // In time order, as the list reads them: the mention came with the post, first of all.
    expect(derived[0]!.type).toBe('mention');
  });
});
