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

  it('keeps at most its budget of bytes, dropping the answers read longest ago', async () => {
    const cache = createShortCache<string>(60_000, 1000, Date.now, { maxBytes: 10, sizeOf: (v) => v.length });
    const load = (value: string) => vi.fn(async () => value);
    const a = load('aaaa');
    await cache.get('a', a);
    await cache.get('b', load('bbbb'));
    await cache.get('a', a);
    expect(cache.size()).toEqual({ keys: 2, bytes: 8 });
    // 'b' was read longest ago: it goes, 'a' stays.
    await cache.get('c', load('cccc'));
    expect(cache.size()).toEqual({ keys: 2, bytes: 8 });
    await cache.get('a', a);
    expect(a).toHaveBeenCalledTimes(1);
    // An answer larger than the whole budget is answered, not kept.
    await cache.get('d', load('d'.repeat(11)));
    expect(cache.size()).toEqual({ keys: 2, bytes: 8 });
    cache.forgetKeys((key) => key === 'a');
    expect(cache.size()).toEqual({ keys: 1, bytes: 4 });
  });

  it('does not keep a failure', async () => {
    const cache = createShortCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});
