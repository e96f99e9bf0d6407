import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('writes counts as Intl does for es-ES, with or without its shortcut', () => {
    const intl = new Intl.NumberFormat('es-ES');
    const samples = [
      0, 1, 7, 999, 1000, 1234, 9999, 10_000, 12_345, 99_999, 1_234_567, -5, -9999, -10_000, 2.5,
    ];
    for (const n of samples) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });

  it('groups thousands from five digits on', () => {
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10_000)).toBe('10.000');
    expect(formatCount(1_234_567)).toBe('1.234.567');
  });
});
