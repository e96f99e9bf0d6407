import type { RealtimeEvents } from '../../realtime/events.js';

/**
 * How long a count read from the database is trusted. The events below keep a count exact when a
 * notification arrives, is withdrawn or is seen; what they miss (a post or an account deleted with its
 * notifications, an event lost while Redis was away) shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Users remembered per instance; the oldest go first. */
const MAX_USERS = 50_000;

/**
 * The header badge's number per user (GET /api/notifications_nv, polled every 30 s by every open app), kept
 * in each instance's memory from the 'notifications:new' events every change publishes after its commit, so
 * the poll costs no database round trip.
 *
 * Every count carries `countedAt`, when the query that made it started (it sees every commit before that):
 * the later count wins, whichever arrives last. An event published before a read began but heard after it
 * (pub/sub is asynchronous) is older than the read, and must not replace it.
 */
export function createPendingCounts(now: () => number = Date.now) {
  const counts = new Map<string, { n: number; until: number; countedAt: number }>();

  function remember(userId: string, n: number, countedAt: number) {
    const known = counts.get(userId);
    if (known && known.countedAt > countedAt) return;
    counts.delete(userId);
    if (counts.size >= MAX_USERS) counts.delete(counts.keys().next().value!);
    counts.set(userId, { n, until: now() + TRUSTED_MS, countedAt });
  }

  return {
    async read(userId: string, load: () => Promise<number>): Promise<number> {
      const known = counts.get(userId);
      if (known && known.until > now()) return known.n;
      const started = now();
      remember(userId, await load(), started);
      return counts.get(userId)!.n;
    },
    /** An exact count, from an event or computed after a write, as of `countedAt`. */
    set(userId: string, n: number, countedAt: number): void {
      remember(userId, n, countedAt);
    },
    /** Keeps every instance's counts current: the event carries the count as it was committed. */
    follow(events: Pick<RealtimeEvents, 'subscribe'>) {
      return events.subscribe('notifications:new', (event) =>
        remember(String(event.userId), event.pending, event.countedAt),
      );
    },
  };
}

export type PendingCounts = ReturnType<typeof createPendingCounts>;
