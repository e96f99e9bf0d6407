import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_REQUEST_MESSAGES_MAX,
  MSG,
  type ChatAckFrame,
  type ChatNewFrame,
  type ChatRefusedFrame,
} from '@nomadas/shared';
import { befriend } from '../../test/friends-factory.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { isAck, isNew, isRefusal, openSocket, type TestSocket } from '../../test/ws-client.js';

/** New non-friends one sender may write to in a day, in this file (the default is 20). */
const DAILY = 3;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ CHAT_REQUESTS_DAILY: String(DAILY) });
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<TestServer['createSession']>>;

let cids = 0;
/** Sends a message and waits for the sender's answer (ack or refusal). */
async function send(socket: TestSocket, to: Session, txt: string, cid = `r${++cids}`) {
  socket.send({ t: 'c', ta: 'send', to: to.username, txt, cid });
  return socket.next<ChatAckFrame | ChatRefusedFrame>((f) => isAck(cid)(f) || isRefusal(cid)(f));
}

/** What `reader` has stored from `writer`, oldest first. */
async function storedFrom(reader: Session, writer: Session): Promise<string[]> {
  const answer = await t.get(`/api/chats?u=${writer.username}&l=100`, { token: reader.token });
  return (answer.body.data[0].chats as { send: boolean; msg: string }[])
    .filter((message) => !message.send)
    .map((message) => message.msg)
    .reverse();
}

const unanswered = { ta: 'ko', why: 'request', msg: MSG.chatRequestUnanswered };

describe('messages to someone who is not a friend (requests)', () => {
  it(`lets ${CHAT_REQUEST_MESSAGES_MAX} through until the recipient answers, then both write freely`, async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    for (let i = 1; i <= CHAT_REQUEST_MESSAGES_MAX; i++) {
      expect(await send(a, blas, `Hola ${i}`, `hola-${i}`)).toMatchObject({ ta: 'ack' });
    }
    const refused = await send(a, blas, 'Hola otra vez', 'de-mas');
    expect(refused).toEqual({ t: 'c', to: blas.username, cid: 'de-mas', ...unanswered });
    // A resend of an accepted one is still acknowledged (not counted again); the refused one stays refused.
    expect(await send(a, blas, 'Hola 1', 'hola-1')).toMatchObject({ ta: 'ack' });
    expect(await send(a, blas, 'Hola otra vez', 'de-mas')).toMatchObject(unanswered);
    await b.next(isNew(ana.username));
    expect(await storedFrom(blas, ana)).toEqual(['Hola 1', 'Hola 2', 'Hola 3']);

    // Blas answers: from now on the conversation is like any other, both ways.
    expect(await send(b, ana, '¡Hola, Ana!')).toMatchObject({ ta: 'ack' });
    for (let i = 4; i <= 10; i++) expect(await send(a, blas, `Hola ${i}`)).toMatchObject({ ta: 'ack' });
    for (let i = 1; i <= 5; i++) expect(await send(b, ana, `Respuesta ${i}`)).toMatchObject({ ta: 'ack' });
    await b.next((f) => isNew(ana.username)(f) && (f as ChatNewFrame).msg === 'Hola 10');
    expect(await storedFrom(blas, ana)).toHaveLength(10);
    await Promise.all([a.close(), b.close()]);
  });

  it('the recipient of a request writes back freely, and so does the one who began it', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    expect(await send(a, blas, '¿Está libre el área?')).toMatchObject({ ta: 'ack' });
    for (let i = 1; i <= CHAT_REQUEST_MESSAGES_MAX + 2; i++) {
      expect(await send(b, ana, `Sí, hay sitio ${i}`)).toMatchObject({ ta: 'ack' });
    }
    for (let i = 1; i <= CHAT_REQUEST_MESSAGES_MAX + 2; i++) {
      expect(await send(a, blas, `Gracias ${i}`)).toMatchObject({ ta: 'ack' });
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('leaves friends alone: only the frame limit applies', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    await befriend(t, ana, blas);
    const a = await openSocket(t.baseUrl, ana.token);
    for (let i = 1; i <= 10; i++) expect(await send(a, blas, `Amiga ${i}`)).toMatchObject({ ta: 'ack' });
    expect(await storedFrom(blas, ana)).toHaveLength(10);
    await a.close();
  });

  it('after a friendship ends, a conversation the other side took part in stays open; a one-sided one is a request', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const carla = await t.createSession();
    await befriend(t, ana, blas);
    await befriend(t, ana, carla);
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    await send(a, blas, 'Cuando éramos amigas');
    await send(b, ana, 'Y te contesté');
    for (let i = 1; i <= 5; i++) await send(a, carla, `Sin respuesta ${i}`);
    await t.post(`/api/quitfollow/${ana.username}`, { token: blas.token });
    await t.post(`/api/quitfollow/${ana.username}`, { token: carla.token });

    for (let i = 1; i <= 5; i++) expect(await send(a, blas, `Sigo ${i}`)).toMatchObject({ ta: 'ack' });
    for (let i = 1; i <= CHAT_REQUEST_MESSAGES_MAX; i++) {
      expect(await send(a, carla, `¿Sigues ahí? ${i}`)).toMatchObject({ ta: 'ack' });
    }
    expect(await send(a, carla, '¿Hola?')).toMatchObject(unanswered);
    await Promise.all([a.close(), b.close()]);
  });

  it(`lets a sender begin requests with ${DAILY} people a day (CHAT_REQUESTS_DAILY)`, async () => {
    const ana = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const strangers = await Promise.all(Array.from({ length: DAILY + 1 }, () => t.createSession()));
    for (const stranger of strangers.slice(0, DAILY)) {
      expect(await send(a, stranger, 'Hola, ¿nos vemos en la ruta?')).toMatchObject({ ta: 'ack' });
    }
    const late = strangers[DAILY]!;
    expect(await send(a, late, 'Hola, ¿nos vemos en la ruta?', 'uno-mas')).toEqual({
      t: 'c',
      ta: 'ko',
      to: late.username,
      cid: 'uno-mas',
      why: 'request',
      msg: MSG.chatRequestsToday,
    });
    expect(await storedFrom(late, ana)).toEqual([]);

    // The day's people may still be written to (up to their cap), friends and whoever wrote first too.
    expect(await send(a, strangers[0]!, 'Segundo mensaje')).toMatchObject({ ta: 'ack' });
    const friend = await t.createSession();
    await befriend(t, ana, friend);
    expect(await send(a, friend, 'Hola, amiga')).toMatchObject({ ta: 'ack' });
    const writer = await t.createSession();
    const w = await openSocket(t.baseUrl, writer.token);
    await send(w, ana, 'Te escribo yo primero');
    expect(await send(a, writer, 'Gracias por escribir')).toMatchObject({ ta: 'ack' });

    // A day later (the requests' dates moved back, rather than waiting) she may begin new ones.
    await sql`update chat_requests set created_at = now() - interval '25 hours'
      where sender_id = ${ana.id}`.execute(t.db);
    expect(await send(a, late, 'Hola, ¿nos vemos en la ruta?')).toMatchObject({ ta: 'ack' });
    await Promise.all([a.close(), w.close()]);
  });
});
