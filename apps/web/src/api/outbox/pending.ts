import type { OutboxEntry } from './outboxEngine';
import type { OutboxWrite } from './writes';

// What the screens show of the writes still on their way, worked out from the outbox's entries.

type OutboxItem = OutboxEntry<OutboxWrite>;

/** Not refused: waiting or on its way. */
export const isPending = (entry: OutboxItem) => entry.state !== 'refused';

/** The writes still pending that `match` picks. */
export const pendingOf = <K extends OutboxWrite['kind']>(
  entries: readonly OutboxItem[],
  kind: K,
  match: (write: Extract<OutboxWrite, { kind: K }>) => boolean,
) =>
  entries.filter(
    (entry): entry is OutboxEntry<Extract<OutboxWrite, { kind: K }>> =>
      isPending(entry) &&
      entry.write.kind === kind &&
      match(entry.write as Extract<OutboxWrite, { kind: K }>),
  );

/**
 * A like as the user last set it, over what the server last said: the newest pending one wins, and the count
 * moves by one when it differs from the server's flag (a like whose answer was lost is not counted twice).
 */
export function withPendingLike(
  base: { islike: 0 | 1; likes: number },
  pending: readonly { write: { like: boolean } }[],
) {
  const last = pending.at(-1);
  if (!last || last.write.like === (base.islike === 1)) return { islike: base.islike, likes: base.likes };
  return last.write.like
    ? { islike: 1 as const, likes: base.likes + 1 }
    : { islike: 0 as const, likes: Math.max(0, base.likes - 1) };
}

/** The follow flag as the user last set it, while that is on its way. */
export function followWithPending(entries: readonly OutboxItem[], username: string, follow: boolean) {
  const last = pendingOf(entries, 'follow', (write) => write.username === username).at(-1);
  return { follows: last ? last.write.follow : follow, pending: !!last };
}
