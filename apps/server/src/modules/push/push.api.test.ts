import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PUSH_NOTICE } from '@nomadas/shared';
import { PUSH_SUBSCRIPTIONS_MAX } from '@nomadas/shared/schemas';
import { buildApp } from '../../app.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost } from '../../test/posts-factory.js';
import { startPushService, type TestBrowser } from '../../test/push-service.js';
import { isAck, openSocket } from '../../test/ws-client.js';
import { readZip } from '../../test/zip.js';
import { excerpt } from '../notifications/notifications.presenter.js';
import { loadVapidKeys } from './vapid.js';

let t: TestServer;
let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  [t, pushService] = await Promise.all([startTestServer(), startPushService()]);
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

type Session = Awaited<ReturnType<TestServer['createSession']>>;

async function subscribe(user: Session, browser: TestBrowser) {
  const answer = await t.post('/api/push/subscribe', { token: user.token, body: browser.subscription });
  expect(answer.body).toEqual({ state: 'OK', msg: MSG.pushSubscribed });
}

const subscriptionsOf = (userId: string) =>
  t.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.endpoint));

/** Every push checked the same way: signed for the stand-in's origin with the key GET /api/push/key gives. */
async function serverKey(): Promise<string> {
  const answer = await t.get('/api/push/key');
  expect(answer.status).toBe(200);
  return answer.body.data.key as string;
}

describe('Web Push', () => {
  it('gives a P-256 public key, the same after a restart on the same database', async () => {
    const key = await serverKey();
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const restarted = await buildApp({ config: t.config, db: t.db });
    try {
      expect(restarted.ctx.vapid).toEqual(t.ctx.vapid);
    } finally {
      await restarted.app.close();
    }
  });

  it('refuses what is not a push subscription, and visitors', async () => {
    const ana = await t.createSession();
    const browser = pushService.browser();
    const refused = async (body: unknown, msg: string) => {
      const answer = await t.post('/api/push/subscribe', { token: ana.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg });
    };
    await refused(
      { ...browser.subscription, endpoint: 'http://push.example.com/abc' },
      MSG.pushEndpointInvalid,
    );
    await refused({ ...browser.subscription, endpoint: 'https://10.0.0.7/abc' }, MSG.pushEndpointInvalid);
    await refused({ ...browser.subscription, endpoint: 'https://intranet/abc' }, MSG.pushEndpointInvalid);
    await refused({ ...browser.subscription, endpoint: 'no es una url' }, MSG.pushEndpointInvalid);
    await refused({ endpoint: browser.endpoint, keys: { p256dh: 'abc', auth: 'def' } }, MSG.pushKeysInvalid);
    await refused({ endpoint: browser.endpoint }, MSG.pushKeysInvalid);
    expect((await t.post('/api/push/subscribe', { body: browser.subscription })).status).toBe(401);
    expect((await t.post('/api/push/unsubscribe', { body: { endpoint: browser.endpoint } })).status).toBe(
      401,
    );
    expect(await subscriptionsOf(ana.id)).toEqual([]);
  });

  it('tells every device of a chat message: who wrote, never what', async () => {
    const [ana, blas] = [await t.createSession(), await t.createSession()];
    const phone = pushService.browser();
    const laptop = pushService.browser();
    await subscribe(ana, phone);
    await subscribe(ana, laptop);
    const key = await serverKey();

    const socket = await openSocket(t.baseUrl, blas.token);
    socket.send({ t: 'c', ta: 'send', to: ana.username, txt: 'Nos vemos en Finisterre a las 9', cid: 'p1' });
    await socket.next(isAck('p1'));
    await socket.close();

    for (const device of [phone, laptop]) {
      const push = await device.next();
      expect(push.payload).toEqual({
        title: PUSH_NOTICE.chatTitle(blas.username),
        body: PUSH_NOTICE.chatBody,
        url: `/perfil/${blas.username}?chat=1`,
        tag: `chat-${blas.username}`,
      });
      expect(JSON.stringify(push.payload)).not.toContain('Finisterre');
      expect(push).toMatchObject({ urgency: 'high', ttl: String(2 * 24 * 3600), topic: `chat${blas.id}` });
      // RFC 8292: the token is for this push service's origin, signed with the server's key.
      expect(push.claims.aud).toBe(pushService.origin);
      expect(push.claims.sub).toBe(`mailto:${t.config.contactEmail}`);
      expect(push.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.publicKey).toBe(key);
    }
    expect(pushService.failures).toEqual([]);
  });

  it('tells of a reply to my comment (not of a comment on my post) and of a new follower', async () => {
    const [ana, blas] = [await t.createSession(), await t.createSession()];
    const phone = pushService.browser();
    await subscribe(ana, phone);
    const post = await createPost(t, ana, { text: 'Calas de Menorca' });
    const comment = async (who: Session, c: string, p: number) => {
      const answer = await t.post(`/api/comment/create/${post.url}`, { token: who.token, body: { c, p } });
      expect(answer.body.state).toBe('OK');
      return answer.body.data as { id: number };
    };
    const mine = await comment(ana, '¿Alguien sabe si se puede dormir en la cala?', 0);
    // A comment on ana's post is a notification, not a push; the reply after it is the first push she gets.
    await comment(blas, 'Qué maravilla', 0);
    const reply = 'Sí, en el aparcamiento de arriba, pero sube pronto que se llena en agosto';
    await comment(blas, reply, mine.id);

    const replied = await phone.next();
    expect(replied.payload).toEqual({
      title: PUSH_NOTICE.replyTitle(blas.username),
      body: excerpt(reply),
      url: `/muro/${post.url}`,
      tag: expect.stringMatching(/^comment-\d+$/),
    });
    expect(replied).toMatchObject({ urgency: 'normal', ttl: String(4 * 24 * 3600) });

    expect((await t.post(`/api/follow/user/${ana.username}`, { token: blas.token })).body.state).toBe('OK');
    const followed = await phone.next();
    expect(followed.payload).toEqual({
      title: PUSH_NOTICE.followTitle(blas.username),
      body: PUSH_NOTICE.followBody,
      url: `/perfil/${blas.username}`,
      tag: `follow-${blas.username}`,
    });
    expect(followed.urgency).toBe('low');
    expect(phone.received).toHaveLength(2);
    expect(pushService.failures).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (410), and one unsubscribed', async () => {
    const [ana, blas, carla] = [await t.createSession(), await t.createSession(), await t.createSession()];
    const gone = pushService.browser();
    gone.status = 410;
    const kept = pushService.browser();
    const dropped = pushService.browser();
    for (const device of [gone, kept, dropped]) await subscribe(ana, device);

    const unsubscribed = await t.post('/api/push/unsubscribe', {
      token: ana.token,
      body: { endpoint: dropped.endpoint },
    });
    expect(unsubscribed.body).toEqual({ state: 'OK', msg: MSG.pushUnsubscribed });
    // Someone else's endpoint is not theirs to remove.
    await t.post('/api/push/unsubscribe', { token: blas.token, body: { endpoint: kept.endpoint } });
    expect(await subscriptionsOf(ana.id)).toEqual([gone.endpoint, kept.endpoint]);

    await t.post(`/api/follow/user/${ana.username}`, { token: blas.token });
    await gone.next();
    await kept.next();
    await expect.poll(() => subscriptionsOf(ana.id)).toEqual([kept.endpoint]);

    await t.post(`/api/follow/user/${ana.username}`, { token: carla.token });
    expect((await kept.next()).payload).toMatchObject({ title: PUSH_NOTICE.followTitle(carla.username) });
    expect(gone.received).toHaveLength(1);
    expect(dropped.received).toHaveLength(0);
  });

  it('keeps the newest devices, and gives an endpoint to the last account that subscribed it', async () => {
    const [ana, blas] = [await t.createSession(), await t.createSession()];
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 1 }, () => pushService.browser());
    for (const device of devices) await subscribe(ana, device);
    expect(await subscriptionsOf(ana.id)).toEqual(devices.slice(1).map((device) => device.endpoint));

    const shared = devices[1]!;
    await subscribe(blas, shared);
    expect(await subscriptionsOf(blas.id)).toEqual([shared.endpoint]);
    expect(await subscriptionsOf(ana.id)).not.toContain(shared.endpoint);
  });

  it('lists the devices in the data export, and forgets them with the account', async () => {
    const ana = await t.createSession();
    const phone = pushService.browser();
    await subscribe(ana, phone);

    const link = await t.post('/api/perfil/export', { token: ana.token, body: { password: ana.password } });
    const zip = await fetch(`${t.baseUrl}${link.body.data.url}`);
    const files = readZip(Buffer.from(await zip.arrayBuffer()));
    expect(JSON.parse(files.get('avisos.json')!.toString('utf8'))).toEqual([
      { direccion: phone.endpoint, desde: expect.any(String) },
    ]);

    const deleted = await t.post('/api/perfil/delete', {
      token: ana.token,
      body: { password: ana.password },
    });
    expect(deleted.body.state).toBe('OK');
    expect(await subscriptionsOf(ana.id)).toEqual([]);
  });

  // Last: it replaces the key the app holds.
  it('agrees on one key when three instances make it at once', async () => {
    await t.db.deleteFrom('signing_keys').where('name', '=', 'vapid').execute();
    const keys = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.db)));
    expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
    expect(keys[0]!.publicKey).not.toBe(t.ctx.vapid.publicKey);
    expect(await loadVapidKeys(t.db)).toEqual(keys[0]);
  });
});
