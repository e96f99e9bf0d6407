import { describe, expect, it } from 'vitest';
import { createPendingCounts } from './pending-counts.js';

function counting(initial: number) {
  const source = { n: initial, reads: 0 };
  return { source, load: async () => (source.reads++, source.n) };
}

describe('pending counts', () => {
  it('reads the database once, then answers from memory until the count is a minute old', async () => {
    let clock = 1_000;
    const counts = createPendingCounts(() => clock);
    const { source, load } = counting(3);
    expect(await counts.read('7', load)).toBe(3);
    source.n = 4;
    clock += 59_000;
    expect(await counts.read('7', load)).toBe(3);
    clock += 2_000;
    expect(await counts.read('7', load)).toBe(4);
    expect(source.reads).toBe(2);
  });

  it('takes the count an event carries at once', async () => {
    const counts = createPendingCounts(() => 1_000);
    const { load } = counting(3);
    await counts.read('7', load);
    counts.set('7', 0, 1_000);
    expect(await counts.read('7', load)).toBe(0);
  });

  it('keeps an event heard while a read was on its way, not the older count the read brings', async () => {
    let clock = 1_000;
    const counts = createPendingCounts(() => clock);
    let finish!: (n: number) => void;
    const reading = counts.read('7', () => new Promise<number>((resolve) => (finish = resolve)));
    clock += 5;
    counts.set('7', 9, clock);
    finish(8);
    expect(await reading).toBe(9);
    expect(await counts.read('7', async () => 1)).toBe(9);
  });

  it('keeps the read when an older event is heard after it began, and after it ended', async () => {
    // Two likes: events {1} and {2} are published, then the poll reads 2 before either is heard.
    let clock = 1_000;
    const counts = createPendingCounts(() => clock);
    let finish!: (n: number) => void;
    const reading = counts.read('7', () => new Promise<number>((resolve) => (finish = resolve)));
    clock += 5;
    counts.set('7', 1, 990);
    finish(2);
    expect(await reading).toBe(2);
    counts.set('7', 2, 995);
    counts.set('7', 1, 990);
    expect(await counts.read('7', async () => 0)).toBe(2);
    // A newer count (the user saw them) wins.
    counts.set('7', 0, clock);
    expect(await counts.read('7', async () => 5)).toBe(0);
  });
});
