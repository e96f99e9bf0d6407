import { describe, expect, it } from 'vitest';
import { distanceKm, isValidCoordinates, obfuscateCoordinates } from './geo.js';

describe('isValidCoordinates', () => {
  it('accepts numbers strictly inside the ranges', () => {
    expect(isValidCoordinates(42.45, -6.05)).toBe(true);
    expect(isValidCoordinates(89.999, 179.999)).toBe(true);
  });
  it('refuses the bounds themselves, non-numbers and NaN', () => {
    expect(isValidCoordinates(90, 0)).toBe(false);
    expect(isValidCoordinates(0, -180)).toBe(false);
    expect(isValidCoordinates('42', -6)).toBe(false);
    expect(isValidCoordinates(Number.NaN, 1)).toBe(false);
  });
});

describe('distanceKm', () => {
  it('measures Astorga to Ponferrada at about 50 km', () => {
    const km = distanceKm(
      { latitude: 42.4589, longitude: -6.0563 },
      { latitude: 42.5499, longitude: -6.5983 },
    );
    expect(km).toBeGreaterThan(44);
    expect(km).toBeLessThan(48);
  });
});

describe('obfuscateCoordinates', () => {
  it('moves the point but never beyond the range', () => {
    const origin = { latitude: 42.4589, longitude: -6.0563 };
    for (let i = 0; i < 200; i++) {
      const moved = obfuscateCoordinates(origin, 1000);
      expect(distanceKm(origin, moved)).toBeLessThanOrEqual(1.0001);
    }
  });
  it('reaches the edge of the range when the random draw is maximal', () => {
    const origin = { latitude: 40, longitude: -3 };
    const moved = obfuscateCoordinates(origin, 2000, () => 0.999999);
    expect(distanceKm(origin, moved)).toBeGreaterThan(1.99);
  });
});
