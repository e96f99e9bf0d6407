import type { PubSub } from '../realtime/pubsub.js';
import type { Viewer } from './auth.js';

export const REVOKED_CHANNEL = 'sessions:revoked';
/** How long a token's lookup is trusted; a revocation reaches every instance at once through PubSub anyway. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  viewer: Viewer;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Remembers which user a token belongs to, so a logged-in request does not pay a database round trip
 * for it. Logout and password changes revoke through PubSub, so no instance keeps a revoked session.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts revocations heard here (and PubSub resumes): a lookup that saw another value may be stale. */
  private revocations = 0;
  /** Read by the metrics at scrape time (metrics/registry.ts). */
  readonly reads = { hits: 0, misses: 0 };

  constructor(private readonly pubsub: PubSub) {}

  async start(): Promise<void> {
    await this.pubsub.subscribe(REVOKED_CHANNEL, (message) => {
      this.forget(JSON.parse(message) as { sessionId?: string; userId?: string });
    });
    // Revocations published while this instance could not hear them are unknown: trust nothing cached.
    this.pubsub.onResume(() => {
      this.revocations++;
      this.entries.clear();
    });
  }

  private forget(revoked: { sessionId?: string; userId?: string }): void {
    this.revocations++;
    for (const [key, entry] of this.entries) {
      if (entry.viewer.sessionId === revoked.sessionId || entry.viewer.id === revoked.userId)
        this.entries.delete(key);
    }
  }

  get(tokenHash: string): Viewer | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) {
      this.reads.misses++;
      return undefined;
    }
    const now = Date.now();
    if (entry.cachedUntil < now || entry.expiresAt <= now) {
      this.reads.misses++;
      this.entries.delete(tokenHash);
      return undefined;
    }
    this.reads.hits++;
    return entry.viewer;
  }

  /** Take before looking a session up in the database, and give it back to `set`. */
  stamp(): number {
    return this.revocations;
  }

  /**
   * Caches a lookup that began at `stamp`, unless a revocation came in meanwhile: the row read may be one
   * a logout has deleted since, and caching it would let the session back in until the entry expires.
   */
  set(tokenHash: string, viewer: Viewer, expiresAt: Date, stamp: number): void {
    if (stamp !== this.revocations) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { viewer, expiresAt: expiresAt.getTime(), cachedUntil: Date.now() + TTL_MS });
  }

  /** After the session rows are gone from the database: forget them here and on every other instance. */
  async revoke(target: { sessionId: string } | { userId: string }): Promise<void> {
    this.forget(target);
    // The rows are already gone, so the revocation stands even if the message cannot go out now:
    // other instances drop their whole cache when they hear PubSub again (`onResume`).
    await this.pubsub.publish(REVOKED_CHANNEL, JSON.stringify(target)).catch(() => undefined);
  }
}
