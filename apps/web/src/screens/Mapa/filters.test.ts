import { describe, expect, it } from 'vitest';
import { mapCells } from '@nomadas/shared';
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
  saveFilters,
  sortByDistance,
  type Bbox,
  type MapFilters,
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
      open: true,
      length: 7.5,
      height: 3.2,
      weight: 3.5,
      fit: true,
    });
    const params = new URLSearchParams(search);
    expect(Object.fromEntries(params)).toEqual({
      bbox: '-9.5,36,3.4,43.8',
      kinds: 'default,glp',
      services: 'agua,wc',
      free: '1',
      open: '1',
      length: '7.5',
      height: '3.2',
      weight: '3.5',
    });
    const parsed = mapPointsQuery.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({
      bbox: SPAIN,
      kinds: ['default', 'glp'],
      free: true,
      open: true,
      length: 7.5,
      height: 3.2,
      weight: 3.5,
    });
  });

  it("filters by my vehicle's sizes while 'Ocultar lo que no cabe' is on, else by those typed", () => {
    const van = { type: 'camper' as const, length: 6, height: 2.8, weight: null };
    const typed = { ...NO_FILTERS, length: 9, height: 3.5 };
    const sizes = (search: string) => Object.fromEntries(new URLSearchParams(search));
    expect(sizes(pointsQueryString(SPAIN, typed, van))).toEqual({
      bbox: '-9.5,36,3.4,43.8',
      length: '6',
      height: '2.8',
    });
    expect(sizes(pointsQueryString(SPAIN, { ...typed, fit: false }, van))).toMatchObject({
      length: '9',
      height: '3.5',
    });
    expect(activeFilterCount(typed, van)).toBe(1);
    expect(activeFilterCount({ ...typed, fit: false }, null)).toBe(2);
  });
});

describe('mapCells', () => {
  const covers = (cells: Bbox[], [w, s, e, n]: Bbox) =>
    Math.min(...cells.map((c) => c[0])) <= w &&
    Math.min(...cells.map((c) => c[1])) <= s &&
    Math.max(...cells.map((c) => c[2])) >= e &&
    Math.max(...cells.map((c) => c[3])) >= n;

  it('covers the view with 4 to 9 cells of a grid, so a small pan asks for the same cells', () => {
    for (const size of [0.07, 0.3, 1.4, 3, 12]) {
      const view: Bbox = [-4.13, 40.2, -4.13 + size, 40.2 + size * 0.75];
      const cells = mapCells(view);
      expect(covers(cells, view)).toBe(true);
      expect(cells.length).toBeGreaterThanOrEqual(size * 0.75 >= 0.0625 ? 2 : 1);
      expect(cells.length).toBeLessThanOrEqual(9);
    }
    const view: Bbox = [-4.13, 40.2, -2.73, 41.25];
    const nudged: Bbox = [-4.1, 40.22, -2.7, 41.27];
    expect(mapCells(nudged)).toEqual(mapCells(view));
  });

  it('stays strictly inside the limits of spec §5 when the whole world is in view', () => {
    const cells = mapCells([-400, -95, 400, 95]);
    expect(cells.length).toBeLessThanOrEqual(24);
    for (const cell of cells) {
      expect(() => mapPointsQuery.parse({ bbox: cell.join(',') })).not.toThrow();
    }
  });
});

describe('filters on the device', () => {
  it('round-trips through storage and drops what is not valid', () => {
    const storage = new MemoryStorage();
    expect(loadFilters(storage)).toEqual(NO_FILTERS);
    const saved: MapFilters = {
      ...NO_FILTERS,
      kinds: ['glp'],
      services: ['wifi'],
      free: true,
      length: 8,
      fit: false,
    };
    saveFilters(storage, saved);
    expect(loadFilters(storage)).toEqual(saved);
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
      activeFilterCount({
        ...NO_FILTERS,
        kinds: ['glp', 'ubic'],
        services: ['wc'],
        free: true,
        open: true,
        length: 7,
        height: 3,
      }),
    ).toBe(7);
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
