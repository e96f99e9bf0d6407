interface Entry<T> {
  value: Promise<T>;
  /** The answer once computed. */
  settled?: { value: T };
  until: number;
}

/**
 * Shares one answer among every caller of the same key for `ttlMs`, including callers that arrive
 * while it is still being computed. For hot, public, slightly-stale-is-fine reads; per instance only.
 */
export function createShortCache<T>(ttlMs: number, maxKeys = 1000, now: () => number = () => Date.now()) {
  const entries = new Map<string, Entry<T>>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const at = now();
      const entry = entries.get(key);
      if (entry && entry.until > at) return entry.value;
      entries.delete(key);
      // The answer read longest ago goes (a Map iterates in insertion order).
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
      const fresh: Entry<T> = { value: load(), until: at + ttlMs };
      entries.set(key, fresh);
      fresh.value.then(
        (value) => (fresh.settled = { value }),
        () => entries.get(key) === fresh && entries.delete(key),
      );
      return fresh.value;
    },
    clear(): void {
      entries.clear();
    },
    /** Forgets the answers `matches` picks, and those still being computed: they may predate the change. */
    forgetWhere(matches: (value: T) => boolean): void {
      for (const [key, entry] of entries) {
        if (!entry.settled || matches(entry.settled.value)) entries.delete(key);
      }
    },
  };
}

export type ShortCache<T> = ReturnType<typeof createShortCache<T>>;
