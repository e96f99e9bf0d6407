import { setConnectivity } from '../../app/connectivity';
import { useStore } from '../../app/store';
import { session, sessionEvents } from '../../session/session';
import type { LogoutReason } from '../../session/sessionStore';
import { queryClient } from '../queryClient';
import { FLUSH_OUTBOX, OUTBOX_SYNC_TAG } from '../../pwa/workerMessages';
import { indexedDbOutboxStorage } from './outboxDb';
import { pendingOf } from './pending';
import { createOutbox, type OutboxEntry } from './outboxEngine';
import { applyWrite, sendWrite, type OutboxWrite } from './writes';

export type { OutboxWrite } from './writes';
export { followWithPending, pendingOf, withPendingLike } from './pending';
export type OutboxItem = OutboxEntry<OutboxWrite>;

/**
 * The browser's one outbox (issue #31): likes, comments, follows, reviews and confirmations wait here, in
 * IndexedDB, until the server has them. Each goes with its entry's id as Idempotency-Key, so it counts once.
 */
export const outbox = createOutbox<OutboxWrite>({
  clock: {
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  storage: indexedDbOutboxStorage<OutboxWrite>(),
  send: (entry) => sendWrite(entry.write, entry.id),
  applied: (entry, data) => applyWrite(queryClient, entry.write, data),
  isOnline: () => navigator.onLine,
  newId: () => crypto.randomUUID(),
  random: Math.random,
  // Two tabs of the same user take turns: the one that sends a write is the one that shows its answer.
  exclusive: async (round) => {
    if (navigator.locks) await navigator.locks.request('nomadas-outbox', round);
    else await round();
  },
});

// The header counts what waits, without loading this module with the first screen.
outbox.entries.subscribe(() =>
  setConnectivity({ waiting: outbox.entries.get().filter((entry) => entry.state !== 'refused').length }),
);

/** Sends whatever waits now: at start, on `online`, and for the service worker's Background Sync. */
export const flushOutbox = () => outbox.flush();

/**
 * While writes wait, the browser is asked (Background Sync, where it has it) to wake the service worker once
 * the network is back; the worker then tells an open page of the app to send them (sw.ts). Asked again each
 * time the outbox goes from empty to waiting: one registration of the tag stands for any number of writes.
 */
let syncAsked = false;
outbox.entries.subscribe(() => {
  const waiting = outbox.entries.get().some((entry) => entry.state === 'waiting');
  if (waiting && !syncAsked) void askForSync();
  syncAsked = waiting;
});

async function askForSync() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** A user who logged out (here or in another tab) or whose account is gone leaves nothing to send. */
const FORGETTING: ReadonlySet<LogoutReason> = new Set(['button', 'other-tab', 'deleted']);

/**
 * Opens the logged-in user's outbox and keeps it going: at login, back `online`, and when the page comes back
 * into view. A session that merely expired keeps its writes for that user's next login. Returns the stop.
 */
export function bootOutbox(): () => void {
  const current = session.getSnapshot();
  if (current.status === 'in') void outbox.open(current.user.u);
  const offLogin = sessionEvents.on('login', ({ user }) => void outbox.open(user.u));
  const offLogout = sessionEvents.on(
    'logout',
    ({ reason }) => void outbox.close({ drop: FORGETTING.has(reason) }),
  );
  const flush = () => void outbox.flush();
  const onVisible = () => document.visibilityState === 'visible' && flush();
  const onWorkerMessage = (event: MessageEvent) =>
    (event.data as { type?: string } | null)?.type === FLUSH_OUTBOX && flush();
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  return () => {
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    offLogin();
    offLogout();
    window.removeEventListener('online', flush);
    document.removeEventListener('visibilitychange', onVisible);
    void outbox.close();
  };
}

/** Every write of the user still in the outbox, oldest first. */
export const useOutbox = () => useStore(outbox.entries);

/**
 * A like tapped: undoing one that has not left yet takes it back; otherwise the new wish joins the queue (the
 * first may already be at the server, so both go, in order).
 */
function tapLike(pending: readonly OutboxItem[], write: OutboxWrite) {
  const last = pending.at(-1);
  if (last && outbox.cancelUnsent(last.id)) return;
  outbox.add(write);
}

/** `like`: the state the tap asks for (the opposite of what the heart shows). */
export function likePost(url: string, like: boolean) {
  tapLike(
    pendingOf(outbox.entries.get(), 'likePost', (write) => write.url === url),
    { kind: 'likePost', url, like },
  );
}

export function likeComment(url: string, id: number, like: boolean) {
  tapLike(
    pendingOf(outbox.entries.get(), 'likeComment', (write) => write.url === url && write.id === id),
    { kind: 'likeComment', url, id, like },
  );
}

/** Follow or unfollow: the last pending one wins; one not sent yet is taken back by its opposite. */
export function setFollow(username: string, follow: boolean) {
  const pending = pendingOf(outbox.entries.get(), 'follow', (write) => write.username === username);
  const last = pending.at(-1);
  if (last && last.write.follow !== follow && outbox.cancelUnsent(last.id)) return;
  outbox.add({ kind: 'follow', username, follow });
}
