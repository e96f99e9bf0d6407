import crypto from 'node:crypto';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { openAdvisoryLocks, type LockSession } from '../db/advisory-locks.js';

/** NOTIFY channel of the upload locks: `release {id}` asks the holder to let go, `free {id}` says it did. */
const CHANNEL = 'nomadas_upload_locks';
/** As tus's MemoryLocker: a request that cannot take the lock within this is answered 500 (ERR_LOCK_TIMEOUT). */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** A waiter tries again this often even when it hears nothing (a notification lost with a connection). */
const RETRY_MS = 500;

export interface UploadLocker extends Locker {
  close(): Promise<void>;
}

/** An upload's lock key: 64 bits of its id's hash, in the one-key space of pg_advisory_lock. */
const keyOf = (id: string) => crypto.createHash('sha256').update(`tus:${id}`).digest().readBigInt64BE(0);

/**
 * tus's lock on an upload (taken by every HEAD, PATCH and DELETE of it), which a newer request asks its holder
 * to let go. On PostgreSQL (DATABASE_SESSION_URL: a session of its own, which PgBouncer's transaction mode
 * would not keep), shared by every instance: any of them can take any PATCH of any upload. An embedded
 * database serves one process, so tus's in-process MemoryLocker is exact there; and PGlite has a single
 * connection, which a session holding locks would take from every request.
 */
export function createUploadLocker(sessionUrl: string | undefined): UploadLocker {
  if (!sessionUrl) return Object.assign(new MemoryLocker(), { close: async () => {} });
  return createPostgresLocker(sessionUrl);
}

interface Holder {
  requestRelease: RequestRelease;
  /** The session that holds its advisory lock; undefined while it is being taken. */
  session?: LockSession;
}

/**
 * Session-level advisory locks (db/advisory-locks.ts) with LISTEN/NOTIFY, which keeps Redis optional. An
 * instance holds each upload once (`holders`): its one session could take its own lock twice.
 */
function createPostgresLocker(url: string): UploadLocker {
  const holders = new Map<string, Holder>();
  const waiters = new Set<() => void>();
  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };
  const locks = openAdvisoryLocks({
    url,
    channel: CHANNEL,
    onMessage(message) {
      const [what, id = ''] = message.split(' ', 2);
      const holder = holders.get(id);
      if (what === 'release' && holder?.session) void holder.requestRelease();
      if (what === 'free') wakeWaiters();
    },
    onLost(session) {
      // Its locks are gone: their requests are asked to stop, as by a newer one (tus lets them drain for 3 s).
      for (const holder of holders.values()) if (holder.session === session) void holder.requestRelease();
      wakeWaiters();
    },
  });

  /** Waits until an unlock is heard, `ms` pass or `signal` aborts. */
  function pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** Takes the lock of `id`, or asks whoever holds it to let go; the holder when taken. */
  async function take(id: string, requestRelease: RequestRelease): Promise<Holder | undefined> {
    const local = holders.get(id);
    if (local) {
      if (local.session) await local.requestRelease();
      return undefined;
    }
    const holder: Holder = { requestRelease };
    holders.set(id, holder);
    try {
      const session = await locks.session();
      if (await session.tryLock(keyOf(id))) {
        holder.session = session;
        return holder;
      }
      await session.notify(`release ${id}`);
      return undefined;
    } finally {
      if (!holder.session) holders.delete(id);
    }
  }

  return {
    newLock(id: string): Lock {
      let held: Holder | undefined;
      return {
        async lock(stopSignal, requestRelease) {
          const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
          while (!(held = await take(id, requestRelease))) {
            const left = deadline - Date.now();
            if (left <= 0 || stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
            await pause(Math.min(RETRY_MS, left), stopSignal);
          }
        },
        async unlock() {
          const holder = held;
          if (!holder?.session) throw new Error('Releasing an unlocked lock!');
          held = undefined;
          try {
            // A lost session's locks went with it.
            if (!holder.session.lost) await holder.session.unlock(keyOf(id));
          } finally {
            if (holders.get(id) === holder) holders.delete(id);
            wakeWaiters();
          }
          await locks
            .session()
            .then((session) => session.notify(`free ${id}`))
            .catch(() => undefined);
        },
      };
    },
    close: () => locks.close(),
  };
}
