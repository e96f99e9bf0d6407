import { describe, expect, it } from 'vitest';
import { mapPointsQuery } from '@nomadas/shared/schemas';
import type { MapPoint } from '@nomadas/shared/schemas';
import { MemoryStorage } from '../../test/memoryStorage';
import {
  activeFilterCount,
  cleanFilters,
  FILTERS_STORAGE_KEY,
  loadFilters,
  NO_FILTERS,
  pointsQueryString,
  queryBbox,
  saveFilters,
  sortByDistance,
  type Bbox,
} from './filters';

const SPAIN: Bbox = [-9.5, 36, 3.4, 43.8];

const point = (n: string, lat: number, lng: number): MapPoint => ({
  u: n.toLowerCase(),
  n,
  lat,
  lng,
  k: 'default',
  f: 0,
  r: null,
  d: 0,
});

describe('pointsQueryString', () => {
  it('sends only the box without filters', () => {
    expect(pointsQueryString(SPAIN, NO_FILTERS)).toBe('bbox=-9.5%2C36%2C3.4%2C43.8');
  });

  it('sends every filter that is set, in a stable order, and the server schema accepts it', () => {
    const search = pointsQueryString(SPAIN, {
      kinds: ['glp', 'default'],
      services: ['wc', 'agua'],
      free: true,
      length: 7.5,
      height: 3.2,
    });
    const params = new URLSearchParams(search);
    expect(Object.fromEntries(params)).toEqual({
      bbox: '-9.5,36,3.4,43.8',
      kinds: 'default,glp',
      services: 'agua,wc',
      free: '1',
      length: '7.5',
      height: '3.2',
    });
    const parsed = mapPointsQuery.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({
      bbox: SPAIN,
      kinds: ['default', 'glp'],
      free: true,
      length: 7.5,
      height: 3.2,
    });
  });
});

describe('queryBbox', () => {
  it('snaps the box outwards to a grid, so a small pan asks for the same box', () => {
    const box = queryBbox(SPAIN);
    expect(box[0]).toBeLessThanOrEqual(SPAIN[0]);
    expect(box[3]).toBeGreaterThanOrEqual(SPAIN[3]);
    const panned = queryBbox([SPAIN[0] + 0.3, SPAIN[1] + 0.2, SPAIN[2] + 0.3, SPAIN[3] + 0.2]);
    expect(panned).toEqual(box);
  });

  it('adds at most the view’s own size to each side of it', () => {
    for (const size of [0.13, 0.3, 1.4, 3, 12]) {
      const [w, s, e, n] = queryBbox([-4.13, 40.2, -4.13 + size, 40.2 + size * 0.75]);
      expect(e - w).toBeLessThanOrEqual(2 * size);
      expect(n - s).toBeLessThanOrEqual(1.75 * size);
    }
  });

  it('stays strictly inside the limits of spec §5 when the whole world is in view', () => {
    const box = queryBbox([-400, -95, 400, 95]);
    expect(box[0]).toBeGreaterThan(-180);
    expect(box[2]).toBeLessThan(180);
    expect(box[1]).toBeGreaterThan(-90);
    expect(box[3]).toBeLessThan(90);
    expect(() => mapPointsQuery.parse({ bbox: box.join(',') })).not.toThrow();
  });
});

describe('filters on the device', () => {
  it('round-trips through storage and drops what is not valid', () => {
    const storage = new MemoryStorage();
    expect(loadFilters(storage)).toEqual(NO_FILTERS);
    saveFilters(storage, { kinds: ['glp'], services: ['wifi'], free: true, length: 8, height: null });
    expect(loadFilters(storage)).toEqual({
      kinds: ['glp'],
      services: ['wifi'],
      free: true,
      length: 8,
      height: null,
    });
    storage.setItem(FILTERS_STORAGE_KEY, '{not json');
    expect(loadFilters(storage)).toEqual(NO_FILTERS);
    expect(cleanFilters({ kinds: ['glp', 'nave'], length: -1, height: 99, free: 'yes' })).toEqual({
      ...NO_FILTERS,
      kinds: ['glp'],
    });
  });

  it('counts the filters that are on', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(
      activeFilterCount({ kinds: ['glp', 'ubic'], services: ['wc'], free: true, length: 7, height: 3 }),
    ).toBe(6);
  });
});

describe('sortByDistance', () => {
  const madrid = { latitude: 40.4168, longitude: -3.7038 };
  const points = [
    point('Barcelona', 41.3874, 2.1686),
    point('Toledo', 39.8628, -4.0273),
    point('Astorga', 42.4589, -6.0563),
    point('Segovia', 40.9429, -4.1088),
  ];

  it('puts the nearest first, with the distance in km (Madrid–Barcelona ≈ 505 km)', () => {
    const sorted = sortByDistance(points, madrid);
    expect(sorted.map(({ point: p }) => p.n)).toEqual(['Toledo', 'Segovia', 'Astorga', 'Barcelona']);
    expect(sorted.at(-1)!.km).toBeGreaterThan(502);
    expect(sorted.at(-1)!.km).toBeLessThan(508);
  });

  it('keeps only the points in the box when given one', () => {
    const sorted = sortByDistance(points, madrid, [-5, 39, -3, 41.5]);
    expect(sorted.map(({ point: p }) => p.n)).toEqual(['Toledo', 'Segovia']);
  });
});
