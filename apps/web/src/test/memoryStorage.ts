import type { StorageLike } from '../session/sessionStore';

/** A Map-backed storage for tests; `map` is there to look at or clear what was stored. */
export class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();

  getItem(key: string) {
    return this.map.get(key) ?? null;
  }

  setItem(key: string, value: string) {
    this.map.set(key, value);
  }

  removeItem(key: string) {
    this.map.delete(key);
  }
}
