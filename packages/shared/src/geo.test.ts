import { describe, expect, it } from 'vitest';
import {
  bboxContains,
  coarsenCoordinates,
  distanceKm,
  isValidCoordinates,
  obfuscateCoordinates,
  stableObfuscation,
} from './geo.js';

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
  it('holds at every edge of spec §5: ±90 latitude and ±180 longitude are out, just inside is in', () => {
    for (const [lat, lng] of [
      [90, 0],
      [-90, 0],
      [0, 180],
      [0, -180],
      [90, 180],
      [-90, -180],
    ]) {
      expect(isValidCoordinates(lat, lng), `${lat},${lng}`).toBe(false);
    }
    for (const [lat, lng] of [
      [89.9999, 0],
      [-89.9999, 0],
      [0, 179.9999],
      [0, -179.9999],
      [0, 0],
    ]) {
      expect(isValidCoordinates(lat, lng), `${lat},${lng}`).toBe(true);
    }
    expect(isValidCoordinates(Number.POSITIVE_INFINITY, 0)).toBe(false);
    expect(isValidCoordinates(0, null)).toBe(false);
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
  it('measures Madrid to Barcelona at about 505 km, and is symmetric', () => {
    const madrid = { latitude: 40.4168, longitude: -3.7038 };
    const barcelona = { latitude: 41.3874, longitude: 2.1686 };
    expect(Math.abs(distanceKm(madrid, barcelona) - 505)).toBeLessThan(3);
    expect(distanceKm(barcelona, madrid)).toBeCloseTo(distanceKm(madrid, barcelona), 9);
    expect(distanceKm(madrid, madrid)).toBe(0);
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

  // A deterministic generator, so a failure can be reproduced (mulberry32).
  const seeded = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  it('stays within the range over 10,000 draws and covers the disc evenly, with no bias to the centre', () => {
    const origin = { latitude: 40.4168, longitude: -3.7038 };
    const rangeM = 500;
    const random = seeded(42);
    const draws = 10_000;
    let inner = 0;
    let outerRing = 0;
    const quadrants = [0, 0, 0, 0];
    for (let i = 0; i < draws; i++) {
      const moved = obfuscateCoordinates(origin, rangeM, random);
      const metres = distanceKm(origin, moved) * 1000;
      expect(metres).toBeLessThanOrEqual(rangeM * 1.0001);
      // Uniform over the disc: half the area lies within r/√2, a quarter within r/2, 19 % beyond 0.9 r.
      if (metres <= rangeM / Math.SQRT2) inner++;
      if (metres > rangeM * 0.9) outerRing++;
      const north = moved.latitude >= origin.latitude;
      const east = moved.longitude >= origin.longitude;
      quadrants[(north ? 0 : 2) + (east ? 0 : 1)]!++;
    }
    expect(inner / draws).toBeGreaterThan(0.48);
    expect(inner / draws).toBeLessThan(0.52);
    expect(outerRing / draws).toBeGreaterThan(0.17);
    expect(outerRing / draws).toBeLessThan(0.21);
    for (const count of quadrants) {
      expect(count / draws).toBeGreaterThan(0.23);
      expect(count / draws).toBeLessThan(0.27);
    }
  });

  it('never answers the true point itself for a range of 1 m and more', () => {
    const origin = { latitude: 42.55, longitude: -6.6 };
    const random = seeded(7);
    let same = 0;
    for (let i = 0; i < 1000; i++) {
      const moved = obfuscateCoordinates(origin, 1, random);
      if (moved.latitude === origin.latitude && moved.longitude === origin.longitude) same++;
    }
    expect(same).toBe(0);
  });
});

describe('stableObfuscation', () => {
  const real = { latitude: 42.4589, longitude: -6.0563 };
  it('keeps the shown point while the real one stays within the range of it', () => {
    // 500 m north of the real point; the real one then moves 11 m and 440 m.
    const shown = { latitude: real.latitude + 0.0045, longitude: real.longitude };
    expect(stableObfuscation(real, shown, 1000)).toBe(shown);
    expect(stableObfuscation({ ...real, latitude: real.latitude + 0.0001 }, shown, 1000)).toBe(shown);
    expect(stableObfuscation({ ...real, latitude: real.latitude - 0.004 }, shown, 1000)).toBe(shown);
  });
  it('draws a new one within the range when there is none, or the real point left the range', () => {
    const far = { latitude: 43, longitude: -6 };
    for (const shown of [null, far]) {
      const next = stableObfuscation(real, shown, 500);
      expect(next).not.toBe(shown);
      expect(distanceKm(real, next)).toBeLessThanOrEqual(0.5001);
    }
  });
});

describe('coarsenCoordinates', () => {
  it('snaps to whole thousandths of latitude and cells at least 111 m wide', () => {
    expect(coarsenCoordinates({ latitude: 42.461234567891, longitude: -6.057712345678 })).toEqual({
      latitude: 42.461,
      longitude: -6.058,
    });
    expect(coarsenCoordinates({ latitude: 0.00049, longitude: 0.0004 })).toEqual({
      latitude: 0,
      longitude: 0,
    });
    for (const latitude of [0, 20, 42.5, 60, 75]) {
      const a = coarsenCoordinates({ latitude, longitude: 3.0001 });
      const b = coarsenCoordinates({ latitude, longitude: 3.02 });
      const cells = new Set<number>();
      for (let lng = 3.0001; lng < 3.02; lng += 0.00001)
        cells.add(coarsenCoordinates({ latitude, longitude: lng }).longitude);
      // Points in neighbouring cells are 111 m apart or more.
      const steps = [...cells].sort((x, y) => x - y);
      for (let i = 1; i < steps.length; i++)
        expect(
          distanceKm(
            { latitude: a.latitude, longitude: steps[i - 1]! },
            { latitude: a.latitude, longitude: steps[i]! },
          ),
        ).toBeGreaterThan(0.111);
      expect(b.latitude).toBe(a.latitude);
    }
  });
  it('never answers a point outside spec §5, nor one further than the cell from the real one', () => {
    for (const [latitude, longitude] of [
      [89.9999, 179.9999],
      [-89.9999, -179.9999],
      [0, 179.9996],
      [42, -179.9999],
    ] as const) {
      const coarse = coarsenCoordinates({ latitude, longitude });
      expect(isValidCoordinates(coarse.latitude, coarse.longitude), `${latitude},${longitude}`).toBe(true);
    }
    const real = { latitude: 42.4589, longitude: -6.0563 };
    expect(distanceKm(real, coarsenCoordinates(real))).toBeLessThan(0.15);
  });
});

describe('bboxContains', () => {
  it('takes the edges, and a box across the antimeridian', () => {
    expect(bboxContains([-7, 42, -5, 43], 42.5, -6)).toBe(true);
    expect(bboxContains([-7, 42, -5, 43], 43, -5)).toBe(true);
    expect(bboxContains([-7, 42, -5, 43], 43.1, -6)).toBe(false);
    expect(bboxContains([-7, 42, -5, 43], 42.5, -4.9)).toBe(false);
    expect(bboxContains([170, -20, -170, 0], -10, 179)).toBe(true);
    expect(bboxContains([170, -20, -170, 0], -10, -175)).toBe(true);
    expect(bboxContains([170, -20, -170, 0], -10, 0)).toBe(false);
  });
});
