import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { WS_CLOSE_BAD_TICKET, WS_CLOSE_REPLACED } from '@nomadas/shared';
import { SocketConnection } from './connection.js';
import { HEARTBEAT_BATCH, SocketHub } from './hub.js';

const log = pino({ level: 'silent' });

/** What the hub and a connection use of a `ws` socket, recorded. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  readonly OPEN = 1;
  bufferedAmount = 0;
  pings = 0;
  closedWith: number | undefined;
  terminated = false;
  sent: string[] = [];
  ping() {
    this.pings++;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

function connection(userId: string, sessionExpiresAt = new Date(Date.now() + 60_000)) {
  const ws = new FakeSocket();
  const identity = { userId, username: `u${userId}`, sessionId: `s${userId}`, sessionExpiresAt };
  return { ws, connection: new SocketConnection(ws as unknown as WebSocket, identity, log) };
}

describe('the heartbeat', () => {
  it('pings every socket, and cuts one that did not answer the previous ping', () => {
    const alive = connection('1');
    const dead = connection('2');
    const now = Date.now();
    alive.connection.beat(now);
    dead.connection.beat(now);
    expect([alive.ws.pings, dead.ws.pings]).toEqual([1, 1]);
    alive.ws.emit('pong');
    alive.connection.beat(now);
    dead.connection.beat(now);
    expect(alive.ws.terminated).toBe(false);
    expect(alive.ws.pings).toBe(2);
    expect(dead.ws.terminated).toBe(true);
  });

  it('pings a few sockets per turn of the event loop, so messages and requests go between them', async () => {
    const hub = new SocketHub();
    const sockets = Array.from({ length: HEARTBEAT_BATCH * 2 + 50 }, (_, i) => connection(String(i)));
    for (const socket of sockets) hub.add(socket.connection);
    const gone = sockets.at(-1)!;
    const sweep = hub.beatAll(Date.now());
    // The first batch at once; the rest after the event loop has had its turn.
    expect(sockets.filter((socket) => socket.ws.pings === 1)).toHaveLength(HEARTBEAT_BATCH);
    hub.remove(gone.connection);
    await sweep;
    expect(sockets.slice(0, -1).every((socket) => socket.ws.pings === 1)).toBe(true);
    expect(gone.ws.pings).toBe(0);
  });

  it('closes a socket whose session has expired with 3002', () => {
    const { ws, connection: expiring } = connection('1', new Date(Date.now() + 1000));
    expiring.beat(Date.now() + 2000);
    expect(ws.closedWith).toBe(WS_CLOSE_BAD_TICKET);
  });
});

describe('one socket per user', () => {
  it('closes the older socket of a user with 3000, here or when another instance announces a newer one', () => {
    const hub = new SocketHub();
    const first = connection('1');
    const second = connection('1');
    hub.add(first.connection);
    hub.add(second.connection);
    expect(first.ws.closedWith).toBe(WS_CLOSE_REPLACED);
    expect(hub.get('1')).toBe(second.connection);
    // Its late close event does not remove the newer one.
    hub.remove(first.connection);
    expect(hub.get('1')).toBe(second.connection);

    // An older socket announced elsewhere changes nothing; a newer one closes this one.
    hub.heardOpen('1', 'otro', second.connection.openedAt - 1);
    expect(second.ws.closedWith).toBeUndefined();
    hub.heardOpen('1', 'otro', second.connection.openedAt + 1);
    expect(second.ws.closedWith).toBe(WS_CLOSE_REPLACED);
    expect(hub.get('1')).toBeUndefined();
  });

  it('drops a socket whose send buffer is over the limit instead of queueing more', () => {
    const { ws, connection: slow } = connection('1');
    expect(slow.send({ t: 'n', n: 1 })).toBe(true);
    ws.bufferedAmount = 10 * 1024 * 1024;
    expect(slow.send({ t: 'n', n: 2 })).toBe(false);
    expect(ws.terminated).toBe(true);
    expect(ws.sent).toHaveLength(1);
  });
});
