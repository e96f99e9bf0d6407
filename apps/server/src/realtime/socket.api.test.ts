import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFrame,
  WS_CLOSE_BAD_TICKET,
  WS_CLOSE_REPLACED,
  WS_CLOSE_TOO_BIG,
  WS_FRAME_MAX_BYTES,
} from '@nomadas/shared';
import { startTestServer, type TestServer } from '../test/harness.js';
import { isAck, isNew, openSocket, openSocketWith, socketTicket } from '../test/ws-client.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const withTicket = (ticket: { data: string; token: string }) =>
  `?d=${encodeURIComponent(ticket.data)}&t=${encodeURIComponent(ticket.token)}`;

describe('POST /api/connectws and the ticket of /ws', () => {
  it('needs a session', async () => {
    const answer = await t.post('/api/connectws');
    expect(answer.status).toBe(401);
    expect(answer.body.state).toBe('KO');
  });

  it('lets a ticket in once: used again, it is refused with 3002', async () => {
    const ana = await t.createSession();
    const ticket = await socketTicket(t.baseUrl, ana.token);
    expect(ticket).toEqual({ data: expect.any(String), token: expect.any(String) });
    const first = openSocketWith(t.baseUrl, withTicket(ticket));
    await first.opened;
    first.send({ t: 'c', ta: 'block', to: 'nadie' });
    await first.next((frame) => frame.t === 'c' && frame.ta === 'gblock');

    const again = openSocketWith(t.baseUrl, withTicket(ticket));
    expect((await again.closed).code).toBe(WS_CLOSE_BAD_TICKET);
    // The refusal did not disturb the socket that used it.
    expect(first.ws.readyState).toBe(first.ws.OPEN);
    await first.close();
  });

  it('refuses a missing, malformed, forged or expired ticket with 3002', async () => {
    const ana = await t.createSession();
    const ticket = await socketTicket(t.baseUrl, ana.token);
    const expired = await socketTicket(t.baseUrl, ana.token);
    await t.db
      .updateTable('socket_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.data)
      .execute();
    const queries = [
      '',
      '?d=&t=',
      `?d=${ticket.data}`,
      '?d=%3Cscript%3E&t=%C3%B1',
      withTicket({ data: ticket.data, token: 'x'.repeat(43) }),
      withTicket(expired),
    ];
    for (const query of queries) {
      expect((await openSocketWith(t.baseUrl, query).closed).code, query).toBe(WS_CLOSE_BAD_TICKET);
    }
    // The forged attempt did not use the real ticket up.
    const real = openSocketWith(t.baseUrl, withTicket(ticket));
    await real.opened;
    real.send({ t: 'c', ta: 'block', to: 'nadie' });
    await real.next((frame) => frame.t === 'c' && frame.ta === 'gblock');
    await real.close();
  });

  it('dies with its session: a logout closes the socket with 3002', async () => {
    const ana = await t.createSession();
    const socket = await openSocket(t.baseUrl, ana.token);
    expect((await t.post('/api/logout', { token: ana.token })).status).toBe(200);
    expect((await socket.closed).code).toBe(WS_CLOSE_BAD_TICKET);
    // And no new ticket for that token.
    expect((await t.post('/api/connectws', { token: ana.token })).status).toBe(401);
  });
});

describe('one live socket per user', () => {
  it('closes the older socket with 3000 when the same user opens a newer one', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const older = await openSocket(t.baseUrl, ana.token);
    const newer = await openSocket(t.baseUrl, ana.token);
    expect((await older.closed).code).toBe(WS_CLOSE_REPLACED);

    // Messages for ana reach the newer socket.
    const sender = await openSocket(t.baseUrl, blas.token);
    sender.send({ t: 'c', ta: 'send', to: ana.username, txt: 'Hola de nuevo', cid: 'takeover-1' });
    expect(await newer.next(isNew(blas.username))).toMatchObject({ msg: 'Hola de nuevo' });
    await Promise.all([newer.close(), sender.close()]);
  });
});

describe('frames that are not the protocol', () => {
  it('drops malformed frames and keeps the socket and the others open; a frame over the limit closes only its own', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    a.sendRaw('esto no es base64 %%%');
    a.sendRaw(Buffer.from('{no es json').toString('base64'));
    a.sendRaw(Buffer.from('"una cadena"').toString('base64'));
    a.sendRaw(encodeFrame({ t: 'x', ta: 'send' } as never));
    a.sendRaw(encodeFrame({ t: 'c', ta: 'send', to: blas.username, txt: 'hola', extra: 1 } as never));
    a.sendRaw(encodeFrame({ t: 'c', ta: 'send', to: blas.username, txt: 42 } as never));
    a.send({ t: 'c', ta: 'send', to: blas.username, txt: 'Sigo aquí', cid: 'after-junk' });
    await a.next(isAck('after-junk'));
    expect(await b.next(isNew(ana.username))).toMatchObject({ msg: 'Sigo aquí' });
    // The valid message was acknowledged; the two message-shaped frames the protocol cannot take were refused
    // (so a client's outbox does not wait on them); the rest got no answer.
    const answers = a.frames.filter((frame) => frame.t === 'c' && (frame.ta === 'ack' || frame.ta === 'ko'));
    expect(answers.map((frame) => (frame.t === 'c' && frame.ta === 'ko' ? frame.why : 'ack'))).toEqual([
      'error',
      'error',
      'ack',
    ]);

    a.sendRaw('A'.repeat(1024 * 1024));
    expect((await a.closed).code).toBe(WS_CLOSE_TOO_BIG);
    expect(WS_FRAME_MAX_BYTES).toBeLessThan(1024 * 1024);
    b.send({ t: 'c', ta: 'block', to: 'nadie' });
    await b.next((frame) => frame.t === 'c' && frame.ta === 'gblock' && b.frames.indexOf(frame) > 1);
    expect(b.ws.readyState).toBe(b.ws.OPEN);
    await b.close();
  });
});

describe('events reach the sockets they concern', () => {
  it('pushes the notification badge and the friend events of a follow to both users', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const a = await openSocket(t.baseUrl, ana.token);
    const b = await openSocket(t.baseUrl, blas.token);
    await t.post(`/api/follow/user/${ana.username}`, { token: blas.token });
    expect(await a.next((frame) => frame.t === 'n')).toEqual({ t: 'n', n: 1 });
    const answer = await t.post(`/api/follow/user/${blas.username}`, { token: ana.token });
    const wsm = answer.body.data.wsm;
    expect(wsm).toMatchObject({ ta: 'a', data: { username: blas.username } });
    expect(await a.next((frame) => frame.t === 'fr')).toEqual({ t: 'fr', ta: 'a', u: blas.username, i: '' });
    expect(await b.next((frame) => frame.t === 'fr')).toEqual({ t: 'fr', ta: 'a', u: ana.username, i: '' });

    // The follow answer's wsm passed on as {t:'au'}: both hear it again (idempotent); a replay is ignored.
    a.send({ t: 'au', data: wsm.data, token: wsm.token });
    expect(await b.next((frame) => frame.t === 'fr')).toEqual({ t: 'fr', ta: 'a', u: ana.username, i: '' });
    a.send({ t: 'au', data: wsm.data, token: wsm.token });
    a.send({ t: 'au', data: wsm.data, token: `${wsm.token}x` });
    // What blas hears next is ana's message: nothing came of the replay or the forgery before it.
    a.send({ t: 'c', ta: 'send', to: blas.username, txt: 'barrera', cid: 'barrier-au' });
    await b.next(isNew(ana.username));
    expect(b.frames.filter((frame) => frame.t === 'fr')).toHaveLength(2);

    await t.post(`/api/quitfollow/${blas.username}`, { token: ana.token });
    expect(await b.next((frame) => frame.t === 'fr')).toEqual({ t: 'fr', ta: 'd', u: ana.username, i: '' });
    await Promise.all([a.close(), b.close()]);
  });
});
