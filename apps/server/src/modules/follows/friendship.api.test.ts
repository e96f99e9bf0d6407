import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FollowState } from '@nomadas/shared/schemas';
import { startTestServer, type ApiAnswer, type TestServer } from '../../test/harness.js';
import {
  FRIENDS_CHANNEL,
  FRIENDSHIP_TOKEN_TTL_S,
  friendshipKey,
  signFriendChange,
  verifyFriendChangeToken,
  type FriendsChangedEvent,
} from './friendship.js';

let t: TestServer;
/** Every friend event heard on the app's pub/sub (through Redis when the suite runs with it). */
const heard: (FriendsChangedEvent | { mark: string })[] = [];

beforeAll(async () => {
  t = await startTestServer();
  await t.ctx.pubsub.subscribe(FRIENDS_CHANNEL, (message) => heard.push(JSON.parse(message)));
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestServer['createSession']>>;
type FollowAnswer = ApiAnswer<{ state: string; data: FollowState }>;

const follow = (from: Session, to: Session): Promise<FollowAnswer> =>
  t.post(`/api/follow/user/${to.username}`, { token: from.token });
const quit = (from: Session, to: Session): Promise<FollowAnswer> =>
  t.post(`/api/quitfollow/${to.username}`, { token: from.token });
const friendsOf = async (user: Session) =>
  (await t.get('/api/friends', { token: user.token })).body.data as { username: string; img: string }[];

/**
 * The friend events published so far about `pair`. A mark published after the requests comes back after
 * everything they published (one connection keeps its order), so nothing still in flight is missed.
 */
async function eventsAbout(pair: Session[]) {
  const mark = crypto.randomUUID();
  await t.ctx.pubsub.publish(FRIENDS_CHANNEL, JSON.stringify({ mark }));
  await vi.waitFor(() => expect(heard.some((event) => 'mark' in event && event.mark === mark)).toBe(true));
  const names = pair.map((user) => user.username).sort();
  return heard.filter(
    (event): event is FriendsChangedEvent =>
      'users' in event &&
      JSON.stringify(event.users.map((user) => user.username).sort()) === JSON.stringify(names),
  );
}

describe('friends are mutual follows', () => {
  it('answers wsm to the follow that makes the friendship, and only to it', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    await t.db
      .updateTable('users')
      .set({ img_profile: '/media/ana.webp' })
      .where('id', '=', ana.id)
      .execute();

    const first = await follow(ana, blas);
    expect(first.body).toEqual({ state: 'OK', data: { follow: 1 } });
    expect(await friendsOf(ana)).toEqual([]);

    const second = await follow(blas, ana);
    expect(second.body).toEqual({
      state: 'OK',
      data: {
        follow: 1,
        wsm: {
          i: expect.stringMatching(/^[\w-]{16}$/),
          ta: 'a',
          data: { username: ana.username, img: '/media/ana.webp' },
          token: expect.any(String),
        },
      },
    });
    const wsm = second.body.data.wsm!;
    expect(await verifyFriendChangeToken(t.ctx, wsm.token)).toEqual({
      i: wsm.i,
      ta: 'a',
      u: blas.id,
      f: ana.id,
      fu: ana.username,
      exp: expect.any(Number),
    });
    expect(await friendsOf(ana)).toEqual([{ username: blas.username, img: '' }]);
    expect(await friendsOf(blas)).toEqual([{ username: ana.username, img: '/media/ana.webp' }]);

    // Following again changes nothing: no second friendship, no second wsm.
    expect((await follow(blas, ana)).body).toEqual({ state: 'OK', data: { follow: 1 } });
    expect((await follow(ana, blas)).body).toEqual({ state: 'OK', data: { follow: 1 } });
    expect(await eventsAbout([ana, blas])).toEqual([
      {
        ta: 'a',
        users: [
          { id: blas.id, username: blas.username, img: '' },
          { id: ana.id, username: ana.username, img: '/media/ana.webp' },
        ],
      },
    ]);
  });

  it('breaks the friendship on quitfollow with wsm "d", once', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    await follow(ana, blas);
    await follow(blas, ana);

    const broken = await quit(ana, blas);
    expect(broken.body).toEqual({
      state: 'OK',
      data: {
        follow: 0,
        wsm: {
          i: expect.any(String),
          ta: 'd',
          data: { username: blas.username, img: '' },
          token: expect.any(String),
        },
      },
    });
    expect(await verifyFriendChangeToken(t.ctx, broken.body.data.wsm!.token)).toMatchObject({
      ta: 'd',
      u: ana.id,
      f: blas.id,
    });
    expect(await friendsOf(ana)).toEqual([]);
    expect(await friendsOf(blas)).toEqual([]);

    // No friendship left to break: neither the same call again nor the other side's unfollow carries wsm.
    expect((await quit(ana, blas)).body).toEqual({ state: 'OK', data: { follow: 0 } });
    expect((await quit(blas, ana)).body).toEqual({ state: 'OK', data: { follow: 0 } });
    const events = await eventsAbout([ana, blas]);
    expect(events.map((event) => [event.ta, event.users[0]!.username])).toEqual([
      ['a', blas.username],
      ['d', ana.username],
    ]);
  });

  it('makes one friendship, announced once, when two people follow each other at the same instant', async () => {
    for (let round = 0; round < 4; round++) {
      const ana = await t.createSession();
      const blas = await t.createSession();
      const answers = await Promise.all([follow(ana, blas), follow(blas, ana)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // Exactly one answer carries wsm: the follow committed second, which found the other one there.
      const withWsm = answers.filter((answer) => answer.body.data.wsm);
      expect(withWsm).toHaveLength(1);
      expect(withWsm[0]!.body.data.wsm!.ta).toBe('a');
      expect(await friendsOf(ana)).toEqual([{ username: blas.username, img: '' }]);
      expect(await friendsOf(blas)).toEqual([{ username: ana.username, img: '' }]);
      expect((await eventsAbout([ana, blas])).map((event) => event.ta)).toEqual(['a']);

      // Both leaving at once: the friendship breaks once too.
      const leaving = await Promise.all([quit(ana, blas), quit(blas, ana)]);
      expect(leaving.filter((answer) => answer.body.data.wsm).map((a) => a.body.data.wsm!.ta)).toEqual(['d']);
      expect((await eventsAbout([ana, blas])).map((event) => event.ta)).toEqual(['a', 'd']);
    }
  });

  it('still answers, with wsm, when the pub/sub cannot take the event, and tells it once it can', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    await follow(ana, blas);
    const publish = vi.spyOn(t.ctx.pubsub, 'publish').mockRejectedValue(new Error('Redis unavailable'));
    try {
      const answer = await follow(blas, ana);
      expect(answer.status).toBe(200);
      expect(answer.body.data.wsm?.ta).toBe('a');
      expect(publish).toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
    expect(await friendsOf(ana)).toHaveLength(1);
    // Retried in the background once the link is back.
    await vi.waitFor(async () => expect((await eventsAbout([ana, blas])).map((e) => e.ta)).toEqual(['a']), {
      timeout: 5_000,
    });
  });

  it('GET /api/friends needs a session', async () => {
    expect((await t.get('/api/friends')).status).toBe(401);
  });
});

describe('the friendship token', () => {
  it('refuses a forged, altered or expired token', async () => {
    const key = await friendshipKey(t.db);
    const claim = { i: 'abc', ta: 'a' as const, u: '1', f: '2', fu: 'blas', exp: Date.now() / 1000 + 60 };
    const token = signFriendChange(key, claim);
    expect(await verifyFriendChangeToken(t.ctx, token)).toEqual(claim);

    const [payload, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...claim, f: '3' })).toString('base64url');
    expect(await verifyFriendChangeToken(t.ctx, `${altered}.${signature}`)).toBeNull();
    expect(await verifyFriendChangeToken(t.ctx, signFriendChange(Buffer.alloc(32, 1), claim))).toBeNull();
    expect(await verifyFriendChangeToken(t.ctx, `${payload}.`)).toBeNull();
    expect(await verifyFriendChangeToken(t.ctx, 'basura')).toBeNull();
    const later = Date.now() + (FRIENDSHIP_TOKEN_TTL_S + 61) * 1000;
    expect(await verifyFriendChangeToken(t.ctx, token, later)).toBeNull();
  });

  it('is signed with one key that every instance reads from the database', async () => {
    const stored = await t.db
      .selectFrom('signing_keys')
      .select(['name', 'secret'])
      .where('name', '=', 'friendship')
      .execute();
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]!.secret).equals(await friendshipKey(t.db))).toBe(true);
  });
});
