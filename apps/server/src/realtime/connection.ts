import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import {
  encodeFrame,
  WS_CLOSE_BAD_TICKET,
  WS_CLOSE_POLICY,
  type Bbox,
  type ServerFrame,
} from '@nomadas/shared';
import type { SocketIdentity } from './tickets.js';

/**
 * What one socket may hold unsent before it counts as a slow consumer and is dropped: its client reconnects
 * and reads what it missed from GET /api/chats, rather than the server growing memory for it.
 */
export const SEND_BUFFER_MAX_BYTES = 512 * 1024;
/** Frames read from a socket and not yet handled: past this the client is flooding, and it is closed. */
const INBOX_MAX = 100;

/** One authenticated socket: sends with a bounded buffer, handles its frames one at a time, in order. */
export class SocketConnection {
  readonly id = crypto.randomBytes(12).toString('base64url');
  readonly openedAt = Date.now();
  /** Cleared by each heartbeat, set again by the pong (or any frame): still unset at the next one = dead. */
  alive = true;
  /** The area its map shows (a `{t:'m', ta:'view'}` frame), null while no map is open. */
  mapView: Bbox | null = null;
  private inbox: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    readonly ws: WebSocket,
    readonly identity: SocketIdentity,
    readonly log: FastifyBaseLogger,
  ) {
    ws.on('pong', () => (this.alive = true));
  }

  get userId(): string {
    return this.identity.userId;
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a frame; false when the socket is gone or was just dropped for not reading. */
  send(frame: ServerFrame): boolean {
    return this.sendEncoded(encodeFrame(frame));
  }

  /** Sends a frame already encoded (one frame for many sockets is encoded once). */
  sendEncoded(data: string): boolean {
    if (!this.open) return false;
    if (this.ws.bufferedAmount > SEND_BUFFER_MAX_BYTES) {
      this.log.warn(
        { userId: this.userId, buffered: this.ws.bufferedAmount },
        'realtime: slow consumer dropped (its send buffer is full)',
      );
      // A close frame would wait behind the full buffer: cut the connection.
      this.ws.terminate();
      return false;
    }
    this.ws.send(data);
    return true;
  }

  close(code: number, reason = ''): void {
    if (this.ws.readyState === WebSocket.CLOSED || this.ws.readyState === WebSocket.CLOSING) return;
    this.ws.close(code, reason);
  }

  /** Queues `work` behind the frames before it; a client that floods past INBOX_MAX is closed. */
  enqueue(work: () => Promise<void>): void {
    this.alive = true;
    if (this.waiting >= INBOX_MAX) {
      this.log.warn(
        { userId: this.userId },
        'realtime: socket closed for sending frames faster than handled',
      );
      this.close(WS_CLOSE_POLICY, 'demasiados mensajes');
      return;
    }
    this.waiting++;
    this.inbox = this.inbox.then(work).then(
      () => void this.waiting--,
      (error: unknown) => {
        this.waiting--;
        this.log.error({ err: error, userId: this.userId }, 'realtime: a frame failed');
      },
    );
  }

  /** One heartbeat: a socket that did not answer the previous ping is dead and is cut. */
  beat(now: number): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    if (now >= this.identity.sessionExpiresAt.getTime()) {
      this.close(WS_CLOSE_BAD_TICKET, 'sesión caducada');
      return;
    }
    this.alive = false;
    this.ws.ping();
  }
}
