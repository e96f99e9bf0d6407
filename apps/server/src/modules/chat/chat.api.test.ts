import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_PAGE_DEFAULT,
  CHAT_TEXT_MAX,
  MSG,
  OFFICIAL_USERNAME,
  officialWelcomeMessage,
  type ChatAckFrame,
  type ChatNewFrame,
  type ChatRefusedFrame,
} from '@nomadas/shared';
import type { Conversation } from '@nomadas/shared/answers';
import { befriend } from '../../test/friends-factory.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import * as q from './chat.queries.js';
import { isAck, isNew, isRefusal, openSocket, type TestSocket } from '../../test/ws-client.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestServer['createSession']>>;

const chats = async (user: Session, query = ''): Promise<Conversation[]> => {
  const answer = await t.get(`/api/chats${query}`, { token: user.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

let cids = 0;
/** Sends a message and waits for the sender's answer (ack or refusal). */
async function send(socket: TestSocket, to: string, txt: string, cid = `m${++cids}`) {
  socket.send({ t: 'c', ta: 'send', to, txt, cid });
  return socket.next<ChatAckFrame | ChatRefusedFrame>((f) => isAck(cid)(f) || isRefusal(cid)(f));
}

const gblock = (socket: TestSocket) =>
  socket.next<{ t: 'c'; ta: 'gblock'; users: string[] }>((f) => f.t === 'c' && f.ta === 'gblock');

describe('a message: stored, delivered, acknowledged', () => {
  it('reaches the recipient with its stored id and counts as unread until seen', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    const html = '¿Cenamos en <b>Astorga</b>? 🚐';
    const acked = await send(a, blas.username, html, 'primero');
    expect(acked).toMatchObject({
      t: 'c',
      ta: 'ack',
      to: blas.username,
      cid: 'primero',
      msg: html,
      robot: 0,
    });
    const heard = await b.next<ChatNewFrame>(isNew(ana.username));
    expect(heard).toEqual({
      t: 'c',
      ta: 'new',
      from: ana.username,
      img: '',
      id: (acked as ChatAckFrame).id,
      msg: html,
      date: (acked as ChatAckFrame).date,
      time: Date.parse((acked as ChatAckFrame).date),
      robot: 0,
    });

    const [ofBlas] = await chats(blas);
    expect(ofBlas).toMatchObject({ name: ana.username, novisto: 1, block: 0, robot: 0, fin: 1 });
    expect(ofBlas!.chats).toEqual([
      { id: heard.id, send: false, msg: html, date: heard.date, time: heard.time, robot: 0 },
    ]);
    // Delivered, not read yet: one tick on ana's side.
    expect((await chats(ana))[0]).toMatchObject({
      name: blas.username,
      novisto: 0,
      sinleer: 1,
      chats: [{ send: true }],
    });
    expect(ofBlas).toMatchObject({ sinleer: 0 });

    // blas opens it: ana is told at once (two ticks), and the list says so after a reload.
    b.send({ t: 'c', ta: 'see', to: ana.username });
    expect(await a.next((f) => f.t === 'c' && f.ta === 'read')).toEqual({
      t: 'c',
      ta: 'read',
      by: blas.username,
    });
    expect((await chats(ana, `?u=${blas.username}`))[0]).toMatchObject({ sinleer: 0 });
    await send(b, ana.username, 'Vale, a las nueve');
    const [afterSee] = await chats(blas);
    expect(afterSee).toMatchObject({
      novisto: 0,
      chats: [{ send: true, msg: 'Vale, a las nueve' }, { send: false }],
    });
    expect((await chats(ana))[0]!.novisto).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });

  it('stores a resend with the same client id once, and acknowledges it with the same id', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const first = (await send(a, blas.username, 'Te espero en el área', 'reenvio-1')) as ChatAckFrame;
    await a.close();
    // After a reconnect the client's outbox sends it again.
    const again = await openSocket(t.baseUrl, ana.token);
    const second = (await send(again, blas.username, 'Te espero en el área', 'reenvio-1')) as ChatAckFrame;
    expect(second).toMatchObject({ ta: 'ack', id: first.id, date: first.date, cid: 'reenvio-1' });
    const [conversation] = await chats(blas);
    expect(conversation!.chats).toHaveLength(1);
    expect(conversation!.novisto).toBe(1);
    await again.close();
  });

  it('stores every message when both sides write at once (the two conversation rows never deadlock)', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    // Friends: every message is stored at once (no request to count, see chat-requests.api.test.ts).
    await befriend(t, ana, blas);
    // More writers than a user's one socket, so that sends to each other cross (in PostgreSQL) for sure.
    const writer = (from: Session, to: Session, name: string) => async () => {
      for (let i = 0; i < 50; i++) {
        const body = `${name} ${i}`;
        await q.sendMessageTo(t.db, { senderId: from.id, username: to.username, body, clientId: body });
      }
    };
    const writers = await Promise.allSettled(
      ['w1', 'w2', 'w3'].flatMap((w) => [writer(ana, blas, `a${w}`)(), writer(blas, ana, `b${w}`)()]),
    );
    expect(writers.flatMap((w) => (w.status === 'rejected' ? [String(w.reason)] : []))).toEqual([]);
    expect((await chats(ana))[0]!.novisto).toBe(150);
    expect((await chats(blas))[0]!.novisto).toBe(150);
  });

  it('finds in GET /api/chats what arrived while the recipient was offline', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    await send(a, blas.username, 'uno');
    await send(a, blas.username, 'dos');
    expect((await chats(blas))[0]).toMatchObject({ novisto: 2, chats: [{ msg: 'dos' }, { msg: 'uno' }] });
    await a.close();
  });
});

describe('what a message may be', () => {
  it('refuses whitespace only and text over the limit, and keeps a full one (emoji count as one)', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    for (const txt of ['', '   ', '\n\t \u00a0', 'x'.repeat(CHAT_TEXT_MAX + 1)]) {
      expect(await send(a, blas.username, txt)).toMatchObject({
        ta: 'ko',
        why: 'text',
        msg: MSG.chatTextInvalid,
      });
    }
    const full = '🚐'.repeat(CHAT_TEXT_MAX);
    expect(await send(a, blas.username, full)).toMatchObject({ ta: 'ack', msg: full });
    expect((await chats(blas))[0]!.chats).toHaveLength(1);
    await a.close();
  });

  it('refuses unknown users, oneself and the official account', async () => {
    const ana = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    for (const to of ['no_existe_nadie', ana.username, OFFICIAL_USERNAME]) {
      expect(await send(a, to, 'hola')).toMatchObject({ ta: 'ko', why: 'user', to });
    }
    expect(await chats(ana)).toEqual([]);
    await a.close();
  });
});

describe('blocking', () => {
  it('toggles, answers the whole list, and refuses messages both ways while blocked', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const carla = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    await send(b, ana.username, 'antes del bloqueo');
    await a.next(isNew(blas.username));

    a.send({ t: 'c', ta: 'block', to: blas.username });
    expect((await gblock(a)).users).toEqual([blas.username]);
    a.send({ t: 'c', ta: 'block', to: carla.username });
    expect((await gblock(a)).users).toEqual([blas.username, carla.username]);
    expect((await chats(ana))[0]).toMatchObject({ name: blas.username, block: 1 });

    expect(await send(b, ana.username, 'me has bloqueado')).toMatchObject({ ta: 'ko', why: 'blocked' });
    expect(await send(a, blas.username, 'te he bloqueado')).toMatchObject({ ta: 'ko', why: 'blocked' });
    // Neither reached the other: what ana hears next is from someone she did not block.
    const dani = await t.createSession();
    const d = await openSocket(t.baseUrl, dani.token);
    await send(d, ana.username, 'barrera');
    await a.next(isNew(dani.username));
    expect(a.frames.filter(isNew(blas.username))).toHaveLength(1);
    expect(b.frames.filter(isNew(ana.username))).toHaveLength(0);
    expect((await chats(blas))[0]!.chats.map((m) => m.msg)).toEqual(['antes del bloqueo']);

    a.send({ t: 'c', ta: 'block', to: blas.username });
    expect((await gblock(a)).users).toEqual([carla.username]);
    expect(await send(b, ana.username, 'ya puedo')).toMatchObject({ ta: 'ack' });
    expect(await a.next(isNew(blas.username))).toMatchObject({ msg: 'ya puedo' });
    await Promise.all([a.close(), b.close(), d.close()]);
  });
});

describe('GET /api/chats', () => {
  it('needs a session and refuses a bad query', async () => {
    expect((await t.get('/api/chats')).status).toBe(401);
    const ana = await t.createSession();
    expect((await t.get('/api/chats?a=5', { token: ana.token })).status).toBe(400);
    expect((await t.get('/api/chats?u=x&a=abc', { token: ana.token })).status).toBe(400);
    expect((await t.get('/api/chats?u=no_existe_nadie', { token: ana.token })).status).toBe(404);
  });

  it('lists conversations most recent first and pages a conversation back with a', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const carla = await t.createSession();
    await befriend(t, ana, blas);
    const a = await openSocket(t.baseUrl, ana.token);
    const total = CHAT_PAGE_DEFAULT + 5;
    for (let i = 1; i <= total; i++) await send(a, blas.username, `mensaje ${i}`);
    await send(a, carla.username, 'hola carla');

    const list = await chats(ana);
    expect(list.map((c) => c.name)).toEqual([carla.username, blas.username]);
    const withBlas = list[1]!;
    expect(withBlas.fin).toBe(0);
    expect(withBlas.chats).toHaveLength(CHAT_PAGE_DEFAULT);
    expect(withBlas.chats[0]!.msg).toBe(`mensaje ${total}`);

    const oldest = withBlas.chats.at(-1)!.id;
    const [older] = await chats(ana, `?u=${blas.username}&a=${oldest}`);
    expect(older!.fin).toBe(1);
    expect(older!.chats.map((m) => m.msg)).toEqual([
      'mensaje 5',
      'mensaje 4',
      'mensaje 3',
      'mensaje 2',
      'mensaje 1',
    ]);
    const [small] = await chats(ana, `?u=${blas.username}&l=2`);
    expect(small!.chats.map((m) => m.msg)).toEqual([`mensaje ${total}`, `mensaje ${total - 1}`]);
    // A profile's 'Enviar mensaje' opens a conversation that has no message yet.
    const dani = await t.createSession();
    expect(await chats(ana, `?u=${dani.username}`)).toEqual([
      { name: dani.username, img: '', chats: [], fin: 1, novisto: 0, sinleer: 0, block: 0, robot: 0 },
    ]);
    await a.close();
  });
});

describe('the official account', () => {
  const password = 'ruta-por-los-picos-7';
  /** Registers, activates from the mailed link and logs in: a user as the product makes them. */
  async function activatedUser(prefix: string) {
    const username = `${prefix}_${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const registered = await t.post('/api/register', {
      body: { username, email, password, password_confirmation: password },
    });
    expect(registered.body.state, JSON.stringify(registered.body)).toBe('OK');
    const link = await t.mailLink(email, '/verificar/');
    const code = link!.split('/verificar/')[1]!;
    expect((await t.post(`/api/verificar/${code}`)).body.state).toBe('OK');
    const login = await t.post('/api/login', { body: { username, password } });
    return { user: { token: login.body.token as string } as Session, code };
  }

  it('welcomes each newly activated user; GET /api/view/nchats marks it seen', async () => {
    const { user, code } = await activatedUser('nueva');

    const [official] = await chats(user);
    expect(official).toMatchObject({ name: OFFICIAL_USERNAME, novisto: 1, robot: 1, block: 0 });
    expect(official!.chats).toEqual([
      expect.objectContaining({
        send: false,
        robot: 1,
        msg: officialWelcomeMessage(t.config.siteName, {
          title: t.ctx.guide.title,
          url: `${t.config.publicUrl}/guia`,
        }),
      }),
    ]);
    expect((await t.get('/api/view/nchats', { token: user.token })).body).toEqual({
      state: 'OK',
      data: { novisto: 0 },
    });
    expect((await chats(user))[0]!.novisto).toBe(0);
    // A second activation attempt with the used code changes nothing.
    await t.post(`/api/verificar/${code}`);
    expect((await chats(user))[0]!.chats).toHaveLength(1);

    // Every account gets its own welcome, not only the first one.
    const { user: next } = await activatedUser('otra');
    expect((await chats(next))[0]!.chats).toEqual([
      expect.objectContaining({
        robot: 1,
        msg: officialWelcomeMessage(t.config.siteName, {
          title: t.ctx.guide.title,
          url: `${t.config.publicUrl}/guia`,
        }),
      }),
    ]);
  });
});
