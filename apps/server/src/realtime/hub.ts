import {
  WS_CLOSE_BAD_TICKET,
  WS_CLOSE_GOING_AWAY,
  WS_CLOSE_REPLACED,
  type ServerFrame,
} from '@nomadas/shared';
import type { SocketConnection } from './connection.js';

/** How often every socket is pinged; one that has not answered the previous ping is cut. */
export const HEARTBEAT_MS = 30_000;
/**
 * Sockets pinged per turn of the event loop. A sweep of 2,000 in one turn held every message and
 * request behind it for 21–30 ms on this 2-core machine (each ping is a socket write); 100 take 1–6 ms.
 */
export const HEARTBEAT_BATCH = 100;

/** Is socket (at, id) newer than `than`? The later open wins; at the same millisecond, the greater id. */
const isNewer = (at: number, id: string, than: SocketConnection) =>
  at > than.openedAt || (at === than.openedAt && id > than.id);

/**
 * The sockets of this instance, one per user (spec §4: a newer one closes the older with 3000, here and,
 * through the 'socket:open' event, on every other instance).
 */
export class SocketHub {
  private readonly byUser = new Map<string, SocketConnection>();
  private heartbeat: NodeJS.Timeout | undefined;

  /** Takes `connection` in; an older socket of the same user here is closed with 3000. */
  add(connection: SocketConnection): void {
    const older = this.byUser.get(connection.userId);
    this.byUser.set(connection.userId, connection);
    older?.close(WS_CLOSE_REPLACED, 'otra pestaña');
  }

  /** A closed socket leaves (unless a newer one of its user already took its place). */
  remove(connection: SocketConnection): void {
    if (this.byUser.get(connection.userId) === connection) this.byUser.delete(connection.userId);
  }

  /** Another instance (or this one) opened socket `socket` of `user`: an older one here closes with 3000. */
  heardOpen(user: string, socket: string, at: number): void {
    const local = this.byUser.get(user);
    if (!local || local.id === socket || !isNewer(at, socket, local)) return;
    this.byUser.delete(user);
    local.close(WS_CLOSE_REPLACED, 'otra pestaña');
  }

  get(userId: string): SocketConnection | undefined {
    return this.byUser.get(userId);
  }

  /** Sends `frame` to `userId`'s socket if it is here; true when it was. */
  deliver(userId: string, frame: ServerFrame): boolean {
    return this.byUser.get(userId)?.send(frame) ?? false;
  }

  connections(): IterableIterator<SocketConnection> {
    return this.byUser.values();
  }

  get size(): number {
    return this.byUser.size;
  }

  /** Closes (3002: no retry) the sockets of a session or user that has just been logged out. */
  revoke(target: { sessionId?: string; userId?: string }): void {
    for (const connection of [...this.byUser.values()]) {
      const { sessionId, userId } = connection.identity;
      if (sessionId === target.sessionId || userId === target.userId) {
        this.byUser.delete(userId);
        connection.close(WS_CLOSE_BAD_TICKET, 'sesión cerrada');
      }
    }
  }

  startHeartbeat(everyMs = HEARTBEAT_MS): void {
    this.heartbeat ??= setInterval(() => void this.beatAll(Date.now()), everyMs);
    this.heartbeat.unref();
  }

  /** One heartbeat of every socket, HEARTBEAT_BATCH per turn of the event loop. */
  async beatAll(now: number): Promise<void> {
    const connections = [...this.byUser.values()];
    for (let start = 0; start < connections.length; start += HEARTBEAT_BATCH) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const connection of connections.slice(start, start + HEARTBEAT_BATCH)) {
        // Gone meanwhile (closed, or replaced by a newer socket of its user): nothing to ping.
        if (this.byUser.get(connection.userId) === connection) connection.beat(now);
      }
    }
  }

  /** Shutdown: every client is told to come back (1001), to this instance's successor or another one. */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const connection of this.byUser.values()) connection.close(WS_CLOSE_GOING_AWAY, 'reinicio');
    this.byUser.clear();
  }
}
