import { once } from 'node:events';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_FRAMES_PER_SECOND, type ChatNewFrame } from '@nomadas/shared';
import { befriend } from '../test/friends-factory.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { isAck, isNew, isRefusal, openSocket } from '../test/ws-client.js';
import { SEND_BUFFER_MAX_BYTES } from './connection.js';

// The real limits (RATE_LIMIT_FACTOR 1): 20 frames per second per user, a bounded send buffer per socket.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => t?.close());

describe('socket frames per user', () => {
  it(`lets ${WS_FRAMES_PER_SECOND} a second through and refuses the messages past it by name`, async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    // Friends, so that only the frame limit refuses (a stranger's fourth message would be a request's).
    await befriend(t, ana, blas);
    const a = await openSocket(t.baseUrl, ana.token);
    const burst = 50;
    const startedAt = Date.now();
    for (let i = 0; i < burst; i++)
      a.send({ t: 'c', ta: 'send', to: blas.username, txt: `ráfaga ${i}`, cid: `r${i}` });
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => a.next((f) => isAck(`r${i}`)(f) || isRefusal(`r${i}`)(f))),
    );
    const acked = answers.filter(isAck());
    const refused = answers.filter(isRefusal());
    // Frames are counted as they arrive, however long the ones before them take to handle: the burst spans at
    // most the one-second windows until its last answer, plus the one the probe of openSocket began.
    const windows = Math.ceil((Date.now() - startedAt) / 1000) + 1;
    expect(acked.length).toBeLessThanOrEqual(windows * WS_FRAMES_PER_SECOND - 1);
    expect(refused.length).toBeGreaterThanOrEqual(burst - (windows * WS_FRAMES_PER_SECOND - 1));
    expect(refused.length).toBeGreaterThan(0);
    for (const frame of refused) expect(frame).toMatchObject({ why: 'rate', msg: MSG.chatRateLimited });
    // Exactly the acknowledged ones were stored.
    const conversation = (await t.get(`/api/chats?u=${ana.username}&l=100`, { token: blas.token })).body
      .data[0];
    expect(conversation.chats).toHaveLength(acked.length);
    await a.close();
  });
});

describe('a client that stops reading', () => {
  it('is disconnected once its send buffer is full, and nobody else is', async () => {
    const ana = await t.createSession();
    const blas = await t.createSession();
    const slow = await openSocket(t.baseUrl, ana.token);
    const other = await openSocket(t.baseUrl, blas.token);
    const tcp = (slow.ws as unknown as { _socket: Socket })._socket;
    tcp.pause();
    const serverSide = t.ctx.realtime.hub.get(ana.id)!;
    const serverClosed = once(serverSide.ws, 'close');

    const frame: ChatNewFrame = {
      t: 'c',
      ta: 'new',
      from: 'carga',
      img: '',
      id: '1',
      msg: 'ñ'.repeat(2000),
      date: new Date().toISOString(),
      time: Date.now(),
      robot: 0,
    };
    // Far more than the kernel's loopback buffers and SEND_BUFFER_MAX_BYTES together.
    const frames = Math.ceil((16 * 1024 * 1024 + SEND_BUFFER_MAX_BYTES) / 5_000);
    let published = 0;
    while (published < frames && serverSide.open) {
      await t.ctx.realtime.events.publish('chat:new', { to: ana.id, frame });
      published++;
    }
    expect(serverSide.open, `still open after ${published} frames`).toBe(false);
    await serverClosed;
    expect(t.ctx.realtime.hub.get(ana.id)).toBeUndefined();
    tcp.resume();
    expect((await slow.closed).code).toBe(1006);

    // The other socket still works.
    const sender = await openSocket(t.baseUrl, (await t.createSession()).token);
    sender.send({ t: 'c', ta: 'send', to: blas.username, txt: 'sigues ahí', cid: 'otro' });
    expect(await other.next(isNew())).toMatchObject({ msg: 'sigues ahí' });
    await Promise.all([other.close(), sender.close()]);
  });
});
