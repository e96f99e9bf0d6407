import { vi } from 'vitest';
import { MemoryStorage } from './memoryStorage';

/**
 * Unit tests run in node: the session and API modules read `window`, so give them one with a
 * Map-backed localStorage. Returns the map, to look at or clear what was stored.
 */
export function stubBrowserWindow(): Map<string, string> {
  const localStorage = new MemoryStorage();
  vi.stubGlobal('window', {
    localStorage,
    addEventListener: () => {},
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
  });
  return localStorage.map;
}
