import { createStore, type Store } from '../../app/store';
import type { Clock } from '../../session/sessionStore';

/** waiting: to be sent (again); sending: on the wire; refused: the server said no, kept until Reintentar or Descartar. */
export type OutboxState = 'waiting' | 'sending' | 'refused';

/** One write the user made, kept until the server has taken it or the user drops it. */
export interface OutboxEntry<W> {
  /** Made when the user acted; sent as the Idempotency-Key, so every retry of this entry takes effect once. */
  id: string;
  /** Whose write it is: only ever sent with that user's session. */
  user: string;
  write: W;
  state: OutboxState;
  /** The server's reason, when refused. */
  msg?: string;
  /** When the user acted (ms): entries go out in this order. */
  created: number;
  /** Times put on the wire: above 0, the server may already have it, so it can no longer be taken back quietly. */
  tries: number;
}

/** What became of one attempt. */
export type SendOutcome =
  { kind: 'ok'; data: unknown } | { kind: 'refused'; msg: string } | { kind: 'unanswered' };

/** Where entries are kept across reloads (IndexedDB in the browser). */
export interface OutboxStorage<W> {
  load(user: string): Promise<OutboxEntry<W>[]>;
  put(entry: OutboxEntry<W>): Promise<void>;
  remove(id: string): Promise<void>;
  removeUser(user: string): Promise<void>;
}

export interface OutboxDeps<W> {
  clock: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
  storage: OutboxStorage<W>;
  send(entry: OutboxEntry<W>): Promise<SendOutcome>;
  /** The server took it: its answer replaces the optimistic state in the caches. */
  applied(entry: OutboxEntry<W>, data: unknown): void;
  /** False while the browser knows it is offline: nothing is tried until it is back. */
  isOnline(): boolean;
  newId(): string;
  /** 0..1, for the backoff's jitter. */
  random(): number;
  /** Runs a sending round alone among the tabs (Web Locks); by default just runs it. */
  exclusive?(round: () => Promise<void>): Promise<void>;
}

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

/** The wait after `failures` rounds in a row with no answer: doubling from 2 s up to a minute, less up to a quarter. */
export function backoffMs(failures: number, random: number): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(full * (1 - random / 4));
}

/** Oldest first; the order the user acted in is the order the server hears. */
export const byCreation = <W>(a: OutboxEntry<W>, b: OutboxEntry<W>) =>
  a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The next entry to send: the oldest waiting one. */
export function nextToSend<W>(entries: readonly OutboxEntry<W>[]): OutboxEntry<W> | undefined {
  return [...entries].sort(byCreation).find((entry) => entry.state === 'waiting');
}

/**
 * What is kept, read back after a reload or another tab's round: an entry left 'sending' belonged to a page
 * that went away mid-call; it is waiting again (its key makes the second send harmless).
 */
export function revive<W>(entries: readonly OutboxEntry<W>[]): OutboxEntry<W>[] {
  return entries
    .map((entry) => (entry.state === 'sending' ? { ...entry, state: 'waiting' as const } : entry))
    .sort(byCreation);
}

export interface Outbox<W> {
  /** The open user's entries, oldest first. */
  entries: Store<readonly OutboxEntry<W>[]>;
  /** Reads the user's kept entries and starts sending them. */
  open(user: string): Promise<void>;
  /** Stops (logout); `drop` forgets the user's entries for good. */
  close(options?: { drop?: boolean }): Promise<void>;
  /**
   * Keeps a new write and tries to send it now. Null when nobody is open. `id`: the key a first attempt made
   * outside the outbox already used (a photo upload), so that a retry of it still counts once.
   */
  add(write: W, options?: { id?: string }): OutboxEntry<W> | null;
  /** Takes back a write never put on the wire (a like undone before it left). False when it may have left. */
  cancelUnsent(id: string): boolean;
  /** Reintentar: a refused entry waits again and goes at once. */
  retry(id: string): void;
  /** Descartar. */
  discard(id: string): void;
  /** Sends what waits now, forgetting any backoff (start, `online`, Background Sync). */
  flush(): Promise<void>;
}

export function createOutbox<W>(deps: OutboxDeps<W>): Outbox<W> {
  const { clock, storage } = deps;
  const entries = createStore<readonly OutboxEntry<W>[]>([]);
  let user: string | null = null;
  let failures = 0;
  let timer: unknown = null;
  let round: Promise<void> | null = null;
  let again = false;
  // The writes kept in storage, in order: a send waits for its entry to be stored first.
  let stored: Promise<unknown> = Promise.resolve();

  const keep = (task: () => Promise<void>) => {
    stored = stored.then(task).catch(() => undefined);
    return stored;
  };
  const replace = (entry: OutboxEntry<W>) =>
    entries.set((list) => list.map((item) => (item.id === entry.id ? entry : item)));
  const drop = (id: string) => entries.set((list) => list.filter((item) => item.id !== id));
  const update = (entry: OutboxEntry<W>) => {
    replace(entry);
    void keep(() => storage.put(entry));
  };

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(
      () => {
        timer = null;
        void run();
      },
      backoffMs(failures, deps.random()),
    );
  }

  async function sendAll(owner: string) {
    // What was added before this point is sent by this round: no second round is needed for it.
    again = false;
    for (;;) {
      if (user !== owner || !deps.isOnline()) return;
      const next = nextToSend(entries.get());
      if (!next) return;
      const sending: OutboxEntry<W> = { ...next, state: 'sending', tries: next.tries + 1 };
      update(sending);
      await stored;
      const outcome = await deps.send(sending);
      if (!entries.get().some((item) => item.id === sending.id)) continue;
      if (outcome.kind === 'ok') {
        failures = 0;
        // In one step: the server's version takes the place of the pending one, never a gap between them.
        deps.applied(sending, outcome.data);
        drop(sending.id);
        await keep(() => storage.remove(sending.id));
      } else if (outcome.kind === 'refused') {
        failures = 0;
        update({ ...sending, state: 'refused', msg: outcome.msg });
      } else {
        // Nothing answered: everything waits for the backoff (or the browser's `online`), asked-for rounds included.
        failures += 1;
        again = false;
        update({ ...sending, state: 'waiting' });
        if (user === owner) schedule();
        return;
      }
    }
  }

  function run(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    const owner = user;
    if (owner === null) return Promise.resolve();
    const exclusive = deps.exclusive ?? ((task) => task());
    // The promise covers the rounds asked for meanwhile: a flush resolves once nothing is left to try now.
    round = exclusive(() => sendAll(owner).finally(() => stored))
      .catch(() => undefined)
      .then(() => {
        round = null;
        if (!again) return;
        again = false;
        return run();
      });
    return round;
  }

  return {
    entries,
    async open(owner) {
      if (user === owner) return;
      user = owner;
      failures = 0;
      entries.set([]);
      const kept = revive(await storage.load(owner));
      if (user !== owner) return;
      // A write made while they were read joins them.
      entries.set((list) => [...kept.filter((item) => !list.some((made) => made.id === item.id)), ...list]);
      await run();
    },
    async close({ drop: forget = false } = {}) {
      const owner = user;
      user = null;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      entries.set([]);
      if (forget && owner !== null) await keep(() => storage.removeUser(owner));
    },
    add(write, { id = deps.newId() } = {}) {
      if (user === null) return null;
      const entry: OutboxEntry<W> = {
        id,
        user,
        write,
        state: 'waiting',
        created: clock.now(),
        tries: 0,
      };
      entries.set((list) => [...list, entry]);
      void keep(() => storage.put(entry));
      // While a backoff runs the network has just failed: the new write waits its turn with the others.
      if (timer === null) void run();
      return entry;
    },
    cancelUnsent(id) {
      const entry = entries.get().find((item) => item.id === id);
      if (!entry || entry.state !== 'waiting' || entry.tries > 0) return false;
      drop(id);
      void keep(() => storage.remove(id));
      return true;
    },
    retry(id) {
      const entry = entries.get().find((item) => item.id === id);
      if (!entry || entry.state !== 'refused') return;
      const { msg: _msg, ...rest } = entry;
      update({ ...rest, state: 'waiting' });
      failures = 0;
      void run();
    },
    discard(id) {
      const entry = entries.get().find((item) => item.id === id);
      if (!entry || entry.state === 'sending') return;
      drop(id);
      void keep(() => storage.remove(id));
    },
    flush() {
      failures = 0;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      return run();
    },
  };
}
