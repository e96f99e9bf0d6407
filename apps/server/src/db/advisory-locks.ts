import type postgres from 'postgres';
import { postgresTarget } from './postgres-url.js';

/** One PostgreSQL session that holds session-level advisory locks and listens on one channel. */
export interface LockSession {
  /** Takes `key` for this session unless another session holds it; true when taken. */
  tryLock(key: bigint): Promise<boolean>;
  unlock(key: bigint): Promise<void>;
  /** Sends `payload` on the channel, to every instance's session (this one's too). */
  notify(payload: string): Promise<void>;
  /** True once its connection closed: PostgreSQL dropped every lock it held. */
  readonly lost: boolean;
}

export interface AdvisoryLocks {
  /** The live session, connected and listening on first use and again after a loss. */
  session(): Promise<LockSession>;
  close(): Promise<void>;
}

export interface AdvisoryLockOptions {
  url: string;
  channel: string;
  onMessage(payload: string): void;
  /** `session`'s connection closed: the locks it held are gone. */
  onLost(session: LockSession): void;
}

interface Session extends LockSession {
  lost: boolean;
  sql: postgres.Sql;
}

/**
 * Advisory locks that every instance on the database sees, on a connection of their own: a session-level lock
 * lives as long as its session, so it cannot go through the app's pool (a connection handed back would keep
 * it) nor PgBouncer's transaction mode. One connection per instance holds all of this instance's locks (the
 * caller keeps a lock from being taken twice within it: a session may take its own lock again).
 * Like the app's pool (postgres-js-pool.ts), a closed connection is never used again: a fresh one replaces it.
 */
export function openAdvisoryLocks(options: AdvisoryLockOptions): AdvisoryLocks {
  let current: Promise<Session> | undefined;
  let closed = false;

  function lose(session: Session) {
    if (session.lost) return;
    session.lost = true;
    void session.sql.end({ timeout: 0 }).catch(() => undefined);
    if (!closed) options.onLost(session);
  }

  async function connect(): Promise<Session> {
    const { default: postgresJs } = await import('postgres');
    const target = postgresTarget(options.url);
    const session = { lost: false } as Session;
    session.sql = postgresJs(target.url, {
      ...(target.socketPath ? { path: target.socketPath } : {}),
      max: 1,
      // Never recycled on a timer: that would drop the locks.
      idle_timeout: 0,
      max_lifetime: 0,
      connect_timeout: 5,
      fetch_types: false,
      connection: { application_name: 'nomadas-locks' },
      onnotice: () => {},
      onclose: () => lose(session),
    });
    const { sql } = session;
    session.tryLock = async (key) => {
      const [row] = await sql<
        { taken: boolean }[]
      >`select pg_try_advisory_lock(${key.toString()}::int8) as taken`;
      return row?.taken === true;
    };
    session.unlock = async (key) => {
      await sql`select pg_advisory_unlock(${key.toString()}::int8)`;
    };
    session.notify = async (payload) => {
      await sql`select pg_notify(${options.channel}, ${payload})`;
    };
    try {
      // On a second connection of postgres.js's, which listens again by itself after a drop (a waiter
      // asks again every half second meanwhile); ended with the session.
      await sql.listen(options.channel, options.onMessage);
    } catch (error) {
      lose(session);
      throw error;
    }
    return session;
  }

  async function session(): Promise<LockSession> {
    if (closed) throw new Error('advisory locks closed');
    current ??= connect().catch((error: unknown) => {
      current = undefined;
      throw error;
    });
    const live = await current;
    if (!live.lost) return live;
    current = undefined;
    return session();
  }

  return {
    session,
    async close() {
      closed = true;
      const live = await current?.catch(() => undefined);
      if (live && !live.lost) {
        live.lost = true;
        await live.sql.end({ timeout: 5 });
      }
    },
  };
}
