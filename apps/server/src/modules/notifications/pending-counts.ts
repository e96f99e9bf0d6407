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
 * the poll costs no database round trip. A read racing an event never overwrites the event's newer count.
 */
export function createPendingCounts(now: () => number = Date.now) {
  const counts = new Map<string, { n: number; until: number; at: number }>();

  function remember(userId: string, n: number, at: number) {
    counts.delete(userId);
    if (counts.size >= MAX_USERS) counts.delete(counts.keys().next().value!);
    counts.set(userId, { n, until: at + TRUSTED_MS, at });
  }

  return {
    async read(userId: string, load: () => Promise<number>): Promise<number> {
      const known = counts.get(userId);
      if (known && known.until > now()) return known.n;
      const started = now();
      const n = await load();
      const meanwhile = counts.get(userId);
      if (!meanwhile || meanwhile.at <= started) remember(userId, n, started);
      return meanwhile && meanwhile.at > started ? meanwhile.n : n;
    },
    /** An exact count, heard from an event or just computed after a write. */
    set(userId: string, n: number): void {
      remember(userId, n, now());
    },
    /** Keeps every instance's counts current: the event carries the count as it was committed. */
    follow(events: Pick<RealtimeEvents, 'subscribe'>) {
      return events.subscribe('notifications:new', (event) =>
        remember(String(event.userId), event.pending, now()),
      );
    },
  };
}

export type PendingCounts = ReturnType<typeof createPendingCounts>;
