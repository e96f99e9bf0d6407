/**
 * Shares one answer among every caller of the same key for `ttlMs`, including callers that arrive
 * while it is still being computed. For hot, public, slightly-stale-is-fine reads; per instance only.
 */
export function createShortCache<T>(ttlMs: number, maxKeys = 1000) {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.until > now) return entry.value;
      entries.delete(key);
      // The answer read longest ago goes (a Map iterates in insertion order).
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
      const value = load();
      entries.set(key, { value, until: now + ttlMs });
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type ShortCache<T> = ReturnType<typeof createShortCache<T>>;
