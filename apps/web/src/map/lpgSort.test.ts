import { describe, expect, it } from 'vitest';
import { hasLpgPrices, sortByLpgPrice } from './lpgSort';

const place = (n: string, km: number, g?: number) => ({
  point: { n, ...(g === undefined ? {} : { g }) },
  km,
});

describe('sortByLpgPrice', () => {
  it('puts the priced stations first, cheapest first and the nearer on a tie, the others after in their order', () => {
    const list = [
      place('área', 0.5),
      place('cara', 1, 1.049),
      place('barata lejos', 9, 0.899),
      place('sin precio', 2),
      place('barata cerca', 3, 0.899),
    ];
    expect(sortByLpgPrice(list).map((p) => p.point.n)).toEqual([
      'barata cerca',
      'barata lejos',
      'cara',
      'área',
      'sin precio',
    ]);
    expect(list[0]!.point.n).toBe('área');
  });

  it('says whether there is any price to sort by', () => {
    expect(hasLpgPrices([place('a', 1), place('b', 2, 0.9)])).toBe(true);
    expect(hasLpgPrices([place('a', 1)])).toBe(false);
  });
});
