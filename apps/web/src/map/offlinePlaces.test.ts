import { describe, expect, it } from 'vitest';
import { monthInSpain, monthsMask } from '@nomadas/shared';
import type { MapOfflinePlace } from '@nomadas/shared/schemas';
import { decodePlace, savedPoints, savedSheet, searchSaved } from './offlinePlaces';

const place = (overrides: Partial<Record<number, unknown>> = {}): MapOfflinePlace => {
  const row: unknown[] = [
    'area-potes',
    'Área de Potes',
    43.15432,
    -4.62311,
    0,
    0b1_0000_0011, // agua, grises, lavanderia
    null,
    '',
    2,
    30,
    8,
    null,
    'asfalto',
    'Potes',
    'Cantabria',
    'Junto al río.',
    '/media/posts/ab/abc-thumb.webp',
    4.5,
    2,
    [['ruta_norte', 5, 'Muy tranquila', '2026-08-01']],
    1_790_000_000,
    null,
    null,
  ];
  for (const [i, value] of Object.entries(overrides)) row[Number(i)] = value;
  return row as MapOfflinePlace;
};

describe('the saved places', () => {
  it('decodes the codes of kinds and services', () => {
    const saved = decodePlace(place({ 4: 1 }));
    expect(saved).toMatchObject({ u: 'area-potes', kind: 'glp', services: ['agua', 'grises', 'lavanderia'] });
    expect(savedSheet(saved)).toMatchObject({
      photos: ['/media/posts/ab/abc-thumb.webp'],
      reviews: [
        { username: 'ruta_norte', stars: 5, text: 'Muy tranquila', stayed: '2026-08-01', self: false },
      ],
      posts: [],
      draft: false,
    });
  });

  it('answers a cell of the map with its filters, as the server would', () => {
    const places = [
      decodePlace(place()),
      decodePlace(place({ 0: 'cara', 2: 43.2, 6: 12, 11: 3 })),
      decodePlace(place({ 0: 'lejos', 2: 40 })),
      // An LPG station with no price: no free night.
      decodePlace(place({ 0: 'gasolinera', 2: 43.3, 4: 1 })),
    ];
    const cell = 'bbox=-5%2C43%2C-4%2C44';
    const urlpoints = (search: string) => savedPoints(places, search).points.map((point) => point.u);
    expect(urlpoints(cell)).toEqual(['area-potes', 'cara', 'gasolinera']);
    expect(urlpoints(`${cell}&free=1`)).toEqual(['area-potes']);
    expect(savedPoints(places, cell).points.map((point) => point.f)).toEqual([1, 0, 0]);
    expect(urlpoints(`${cell}&height=3.5`)).toEqual(['area-potes', 'gasolinera']);
    expect(urlpoints(`${cell}&length=9`)).toEqual([]);
    expect(urlpoints(`${cell}&services=agua%2Clavanderia`)).toEqual(['area-potes', 'cara', 'gasolinera']);
    expect(urlpoints(`${cell}&services=wifi`)).toEqual([]);
    expect(urlpoints(`${cell}&kinds=glp`)).toEqual(['gasolinera']);
    expect(savedPoints(places, cell).points[1]).toEqual({
      u: 'cara',
      n: 'Área de Potes',
      lat: 43.2,
      lng: -4.62311,
      k: 'default',
      f: 0,
      r: 4.5,
      d: 0,
    });
  });

  it('applies the weight limit and "Abierto ahora" as the server does', () => {
    const now = monthInSpain();
    const places = [
      decodePlace(place({ 0: 'sin-datos' })),
      decodePlace(place({ 0: 'ligera', 21: monthsMask([now]), 22: 3.5 })),
      decodePlace(place({ 0: 'cerrada', 21: monthsMask([(now % 12) + 1]), 22: 12 })),
    ];
    const cell = 'bbox=-5%2C43%2C-4%2C44';
    const urlpoints = (search: string) => savedPoints(places, search).points.map((point) => point.u);
    expect(urlpoints(`${cell}&weight=3.6`)).toEqual(['sin-datos', 'cerrada']);
    expect(urlpoints(`${cell}&open=1`)).toEqual(['sin-datos', 'ligera']);
    expect(savedSheet(places[1]!)).toMatchObject({ months: [now], maxWeight: 3.5 });
  });

  it('finds places by name, town or province, with or without accents', () => {
    const places = [
      decodePlace(place({ 0: 'a', 1: 'Camping del Sella', 13: 'Cangas de Onís', 14: 'Asturias' })),
      decodePlace(place({ 0: 'b', 1: 'Área de Onís' })),
    ];
    expect(searchSaved(places, 'onis', 8).map((found) => found.u)).toEqual(['b', 'a']);
    expect(searchSaved(places, 'cangas asturias', 8).map((found) => found.u)).toEqual(['a']);
    expect(searchSaved(places, '  ', 8)).toEqual([]);
  });
});
