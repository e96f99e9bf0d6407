import { describe, expect, it } from 'vitest';
import { esLpg } from './lpg';

describe('LPG price texts', () => {
  it('shows the 3 decimals the Ministry publishes rounded to 2, with a decimal comma', () => {
    expect(esLpg.price(0.979)).toBe('GLP 0,98 €/l');
    expect(esLpg.price(0.974)).toBe('GLP 0,97 €/l');
    expect(esLpg.price(1)).toBe('GLP 1,00 €/l');
    expect(esLpg.markerPrice(1.049)).toBe('1,05');
  });
});
