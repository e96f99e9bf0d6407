import type postgres from 'postgres';
import { isServiceUnavailable } from '../lib/unavailable.js';

type Postgres = typeof postgres;
type Sql = ReturnType<Postgres>;

/** What kysely-postgres-js needs from postgres.js: reserved connections, and an end. */
export interface ReservingPool {
  reserve(): Promise<{
    release(): void;
    unsafe(text: string, parameters?: unknown[]): Promise<postgres.RowList<postgres.Row[]>>;
  }>;
  end(): Promise<void>;
}

/** What the pool counts as it hands out connections, read by the metrics at scrape time: plain numbers. */
export interface PoolReads {
  /** Reservations waiting for a connection now. */
  waiting: number;
  /** Connections handed out so far. */
  acquired: number;
  /** Seconds those reservations waited, in all (the mean wait: over `acquired`). */
  waitSeconds: number;
}

export const newPoolReads = (): PoolReads => ({ waiting: 0, acquired: 0, waitSeconds: 0 });

/** How long a request waits for a connection before it is answered 503 instead. */
const ACQUIRE_TIMEOUT_MS = 5_000;

const acquireTimeout = () =>
  Object.assign(new Error(`No PostgreSQL connection within ${ACQUIRE_TIMEOUT_MS} ms`), {
    code: 'POOL_ACQUIRE_TIMEOUT',
  });

/**
 * A reservation, or an error after ACQUIRE_TIMEOUT_MS. (While PostgreSQL restarts, postgres.js can leave
 * a waiting reservation in its queue for good.) One granted after the deadline goes straight back.
 */
function reserveWithin(sql: Sql): Promise<postgres.ReservedSql> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(acquireTimeout());
    }, ACQUIRE_TIMEOUT_MS);
    sql.reserve().then(
      (connection) => {
        clearTimeout(timer);
        if (timedOut) connection.release();
        else resolve(connection);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const lostConnection = () =>
  Object.assign(new Error('PostgreSQL connection lost; the pool was replaced'), {
    code: 'CONNECTION_CLOSED',
  });

/**
 * postgres.js pools that survive PostgreSQL going away. postgres.js 3.4.9 mishandles a connection whose
 * socket closed: a write to it throws outside any promise and ends the process (porsager/postgres#1208),
 * a write pending at the close is never flushed again so the connection hangs every later query, and its
 * reconnect backoff grows to 20 s. So connections are never recycled on a timer (no `max_lifetime`): the
 * only closes are losses, and the first loss on a pool that had connected retires that whole pool (its
 * queries get a prompt error, a 503) while a fresh pool takes the new requests.
 */
export function createRecyclingPool(
  postgresJs: Postgres,
  url: string,
  options: postgres.Options<Record<string, postgres.PostgresType>> & { prepare: boolean },
  reads: PoolReads = newPoolReads(),
): ReservingPool {
  interface Generation {
    sql: Sql;
    connected: boolean;
    retired: boolean;
  }
  let ending = false;
  const open = (): Generation => {
    const generation: Generation = { sql: undefined as unknown as Sql, connected: false, retired: false };
    generation.sql = postgresJs(url, {
      ...options,
      max_lifetime: 0,
      // Connection attempts during an outage fail at once (refused): retry at a steady pace, not 3^n.
      backoff: () => 0.2,
      onclose: () => retire(generation),
    });
    return generation;
  };
  let current = open();

  function retire(generation: Generation) {
    // Until it has connected, a pool has nothing stale: failed attempts just fail (and answer 503).
    if (generation.retired || !generation.connected || ending) return;
    generation.retired = true;
    if (current === generation) current = open();
    // Queries still running on the other connections may finish; stuck ones are cut after 5 s.
    void generation.sql.end({ timeout: 5 }).catch(() => undefined);
  }

  return {
    async reserve() {
      const generation = current;
      const started = performance.now();
      reads.waiting++;
      const connection = await reserveWithin(generation.sql).finally(() => reads.waiting--);
      reads.acquired++;
      reads.waitSeconds += (performance.now() - started) / 1000;
      generation.connected = true;
      return {
        // A retired pool's connections are ended with it: never handed back to it.
        release: () => {
          if (!generation.retired) connection.release();
        },
        unsafe: async (text: string, parameters?: unknown[]) => {
          if (generation.retired) throw lostConnection();
          try {
            return await connection.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], {
              prepare: options.prepare,
            });
          } catch (error) {
            if (isServiceUnavailable(error)) retire(generation);
            throw error;
          }
        },
      };
    },
    async end() {
      ending = true;
      // Running queries may finish; one that has not answered after 5 s (a query a late event started as the
      // pool closed can wait on postgres.js for good) is cut, so a shutdown never hangs.
      await current.sql.end({ timeout: 5 });
    },
  };
}
