import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShortCache } from './short-cache.js';

afterEach(() => vi.useRealTimers());

describe('createShortCache', () => {
  it('computes once for concurrent and repeated callers within the time to live', async () => {
    const cache = createShortCache<number>(1000);
    const load = vi.fn(async () => 42);
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(answers).toEqual([42, 42, 42]);
    expect(await cache.get('k', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('computes again once the time to live has passed, or after clear', async () => {
    vi.useFakeTimers();
    const cache = createShortCache<number>(1000);
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });

  it('keeps at most its number of keys, dropping the one read longest ago', async () => {
    const cache = createShortCache<string>(60_000, 3);
    const load = vi.fn(async () => 'answer');
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, load);
    await cache.get('b', load);
    await cache.get('d', load);
    expect(load).toHaveBeenCalledTimes(4);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('does not keep a failure', async () => {
    const cache = createShortCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});
