import { vi } from 'vitest';

/**
 * Unit tests run in node: the session and API modules read `window`, so give them one with a
 * Map-backed localStorage. Returns the map, to look at or clear what was stored.
 */
export function stubBrowserWindow(): Map<string, string> {
  const stored = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    addEventListener: () => {},
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
  });
  return stored;
}
