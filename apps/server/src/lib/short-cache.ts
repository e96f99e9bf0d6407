interface Entry<T> {
  value: Promise<T>;
  /** The answer once computed. */
  settled?: { value: T };
  /** Its estimated bytes, counted once computed. */
  bytes: number;
  until: number;
}

/** A bound on what a cache holds by its answers' estimated size, besides their number. */
export interface ByteBudget<T> {
  maxBytes: number;
  /** The bytes an answer holds in memory, estimated (a Buffer's byteLength, a string's length × 2…). */
  sizeOf: (value: T) => number;
}

/**
 * Shares one answer among every caller of the same key for `ttlMs`, including callers that arrive
 * while it is still being computed. For hot, public, slightly-stale-is-fine reads; per instance only.
 * Past `maxKeys` answers, or past the budget's bytes, the answers read longest ago go. Written here: the
 * only lru-cache installed is a build tool's (v5, a development dependency), and this one also shares the
 * computations under way and sizes their answers once they are computed.
 */
export function createShortCache<T>(
  ttlMs: number,
  maxKeys = 1000,
  now: () => number = () => Date.now(),
  budget?: ByteBudget<T>,
) {
  // Least recently read first (a Map iterates in insertion order; a hit moves its key to the end).
  const entries = new Map<string, Entry<T>>();
  let bytes = 0;
  /** Read by the metrics at scrape time (metrics/registry.ts); a hit costs one increment. */
  const reads = { hits: 0, misses: 0 };

  function drop(key: string, entry: Entry<T>) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function evictPastBudget() {
    if (!budget) return;
    for (const [key, entry] of entries) {
      if (bytes <= budget.maxBytes) return;
      drop(key, entry);
    }
  }

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const at = now();
      const entry = entries.get(key);
      if (entry && entry.until > at) {
        reads.hits++;
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
      reads.misses++;
      if (entry) drop(key, entry);
      if (entries.size >= maxKeys) {
        const [oldestKey, oldest] = entries.entries().next().value!;
        drop(oldestKey, oldest);
      }
      const fresh: Entry<T> = { value: load(), bytes: 0, until: at + ttlMs };
      entries.set(key, fresh);
      fresh.value.then(
        (value) => {
          fresh.settled = { value };
          if (entries.get(key) !== fresh || !budget) return;
          fresh.bytes = budget.sizeOf(value);
          bytes += fresh.bytes;
          // One larger than the whole budget is answered, not kept: it would push out everything else.
          if (fresh.bytes > budget.maxBytes) drop(key, fresh);
          else evictPastBudget();
        },
        () => drop(key, fresh),
      );
      return fresh.value;
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    /** Forgets the answers `matches` picks, and those still being computed: they may predate the change. */
    forgetWhere(matches: (value: T) => boolean): void {
      for (const [key, entry] of entries) {
        if (!entry.settled || matches(entry.settled.value)) drop(key, entry);
      }
    },
    /** The same, choosing by key. */
    forgetKeys(matches: (key: string) => boolean): void {
      for (const [key, entry] of entries) {
        if (!entry.settled || matches(key)) drop(key, entry);
      }
    },
    reads,
    /** Answers held and their estimated bytes, for tests. */
    size: () => ({ keys: entries.size, bytes }),
  };
}

export type ShortCache<T> = ReturnType<typeof createShortCache<T>>;
