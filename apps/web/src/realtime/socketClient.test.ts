import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, type ClientFrame, type ServerFrame } from '@nomadas/shared';
import type { SocketTicket } from '@nomadas/shared/schemas';
import { FakeClock } from '../test/fakeClock';
import { createSocketClient, socketUrl, type SocketEventMap, type SocketLike } from './socketClient';

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly ticket: SocketTicket) {}
  send(data: string) {
    this.sent.push(decodeFrame(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  /** The server side of the test. */
  accept() {
    this.onopen?.({});
  }
  drop(code: number) {
    this.onerror?.({});
    this.onclose?.({ code });
  }
  push(frame: ServerFrame | string) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : encodeFrame(frame) });
  }
}

/** Lets the promise callbacks that follow a ticket answer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  let tickets = 0;
  let answer: 'ok' | 'none' | 'hang' = 'ok';
  const hanging: Array<(ticket: SocketTicket | null) => void> = [];
  const client = createSocketClient({
    clock,
    fetchTicket: () => {
      tickets++;
      if (answer === 'none') return Promise.resolve(null);
      if (answer === 'hang') return new Promise((resolve) => hanging.push(resolve));
      return Promise.resolve({ data: `d${tickets}`, token: `t${tickets}` });
    },
    openSocket: (ticket) => {
      const socket = new FakeSocket(ticket);
      sockets.push(socket);
      return socket;
    },
  });
  const heard: Array<[keyof SocketEventMap, unknown]> = [];
  for (const name of ['chat', 'friend', 'map', 'badge', 'open'] as const) {
    client.events.on(name, (payload) => heard.push([name, payload]));
  }
  return {
    clock,
    client,
    sockets,
    heard,
    last: () => sockets[sockets.length - 1]!,
    tickets: () => tickets,
    answerWith: (kind: typeof answer) => (answer = kind),
    hanging,
  };
}

const see = (to: string): ClientFrame => ({ t: 'c', ta: 'see', to });

describe('the chat socket client (spec §4, §8, §9)', () => {
  it('connects with a fresh ticket: none → connecting → open, and fans frames out by type', async () => {
    const t = setup();
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: 0 });
    t.client.connect();
    expect(t.client.state.get().status).toBe('connecting');
    await settle();
    expect(t.last().ticket).toEqual({ data: 'd1', token: 't1' });
    t.last().accept();
    expect(t.client.state.get()).toEqual({ status: 'open', reconnect: 0 });
    expect(t.heard).toEqual([['open', { connection: 1 }]]);

    const message = {
      t: 'c',
      ta: 'new',
      from: 'ana',
      img: '',
      id: '7',
      msg: 'hola',
      date: '',
      time: 1,
      robot: 0,
    } as const;
    t.last().push(message);
    t.last().push({ t: 'fr', ta: 'a', u: 'ana', i: '' });
    t.last().push({ t: 'n', n: 3 });
    t.last().push('not base64 at all!');
    t.last().push(encodeFrame({ t: 'zz' } as never));
    expect(t.heard.slice(1)).toEqual([
      ['chat', message],
      ['friend', { t: 'fr', ta: 'a', u: 'ana', i: '' }],
      ['badge', { t: 'n', n: 3 }],
    ]);
  });

  it('queues frames until a socket opens, then sends them in order; while open they go at once', async () => {
    const t = setup();
    expect(t.client.send(see('ana'))).toBe(false);
    t.client.connect();
    expect(t.client.send(see('luis'))).toBe(false);
    await settle();
    expect(t.last().sent).toEqual([]);
    t.last().accept();
    expect(t.last().sent).toEqual([see('ana'), see('luis')]);
    expect(t.client.send(see('eva'))).toBe(true);
    expect(t.last().sent).toEqual([see('ana'), see('luis'), see('eva')]);
  });

  it('retries any other close up to 5 times, 5 s × the attempt, each with a new ticket, then stops at -1', async () => {
    const t = setup();
    t.client.connect();
    await settle();
    t.last().accept();
    t.last().drop(1006);
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: 1 });

    for (let attempt = 1; attempt <= 5; attempt++) {
      const before = t.tickets();
      t.clock.advance(5000 * attempt - 1);
      expect(t.tickets(), `attempt ${attempt} waits its full delay`).toBe(before);
      t.clock.advance(1);
      expect(t.tickets()).toBe(before + 1);
      expect(t.client.state.get()).toEqual({ status: 'connecting', reconnect: attempt });
      await settle();
      expect(t.last().ticket.data).toBe(`d${before + 1}`);
      t.last().drop(1001);
    }
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: -1 });
    expect(t.clock.pending).toBe(0);
  });

  it('counts retries again from zero once a socket opens, and frames queued meanwhile go out then', async () => {
    const t = setup();
    t.client.connect();
    await settle();
    t.last().accept();
    t.last().drop(1006);
    t.clock.advance(5000);
    await settle();
    t.last().drop(1006);
    expect(t.client.state.get().reconnect).toBe(2);
    t.client.send(see('ana'));
    t.clock.advance(10_000);
    await settle();
    t.last().accept();
    expect(t.client.state.get()).toEqual({ status: 'open', reconnect: 0 });
    expect(t.last().sent).toEqual([see('ana')]);
    expect(t.heard.filter(([name]) => name === 'open')).toEqual([
      ['open', { connection: 1 }],
      ['open', { connection: 2 }],
    ]);
    t.last().drop(1006);
    expect(t.client.state.get().reconnect).toBe(1);
  });

  it('a missing ticket (no answer from connectws) is a failed attempt like any other', async () => {
    const t = setup();
    t.answerWith('none');
    t.client.connect();
    await settle();
    expect(t.sockets).toHaveLength(0);
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: 1 });
    t.answerWith('ok');
    t.clock.advance(5000);
    await settle();
    t.last().accept();
    expect(t.client.state.get()).toEqual({ status: 'open', reconnect: 0 });
  });

  it('close 3002 (bad ticket, session over) stops at once: -1, no retry', async () => {
    const t = setup();
    t.client.connect();
    await settle();
    t.last().drop(3002);
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: -1 });
    expect(t.clock.pending).toBe(0);
    t.clock.advance(60_000);
    expect(t.tickets()).toBe(1);
  });

  it("close 3000 (another tab took over) tells the map 'o_pest' and stops at -2; connect() takes it back", async () => {
    const t = setup();
    t.client.connect();
    await settle();
    t.last().accept();
    t.last().drop(3000);
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: -2 });
    expect(t.heard.at(-1)).toEqual(['map', { t: 'm', ta: 'o_pest' }]);
    t.clock.advance(60_000);
    expect(t.tickets()).toBe(1);

    t.client.connect();
    await settle();
    t.last().accept();
    expect(t.client.state.get()).toEqual({ status: 'open', reconnect: 0 });
    expect(t.tickets()).toBe(2);
  });

  it('close() at logout shuts the socket, forgets the queue, and ignores a ticket that answers late', async () => {
    const t = setup();
    t.client.connect();
    await settle();
    t.last().accept();
    const first = t.last();
    t.client.close();
    expect(first.closedWith).toBe(1000);
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: 0 });
    first.drop(1006); // its close event, after the client let go
    expect(t.clock.pending).toBe(0);

    t.answerWith('hang');
    t.client.connect();
    t.client.send(see('ana'));
    t.client.close();
    t.hanging[0]!({ data: 'late', token: 'late' });
    await settle();
    expect(t.sockets).toHaveLength(1);
    expect(t.client.state.get()).toEqual({ status: 'none', reconnect: 0 });

    t.answerWith('ok');
    t.client.connect();
    await settle();
    t.last().accept();
    expect(t.last().sent).toEqual([]);
  });

  it('a retry waiting for its delay is replaced by connect(), which starts counting again', async () => {
    const t = setup();
    t.client.connect();
    await settle();
    t.last().drop(1006);
    t.clock.advance(5000);
    await settle();
    t.last().drop(1006);
    expect(t.client.state.get().reconnect).toBe(2);
    t.client.connect();
    expect(t.client.state.get()).toEqual({ status: 'connecting', reconnect: 0 });
    expect(t.clock.pending).toBe(0);
  });

  it('builds the socket address on the page own host, wss on https', () => {
    const ticket = { data: 'a b', token: 't/+' };
    expect(socketUrl(ticket, { protocol: 'https:', host: 'nomadas.tv' })).toBe(
      'wss://nomadas.tv/ws?d=a%20b&t=t%2F%2B',
    );
    expect(socketUrl(ticket, { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/ws?d=a%20b&t=t%2F%2B',
    );
  });
});
