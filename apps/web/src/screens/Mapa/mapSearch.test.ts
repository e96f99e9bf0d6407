import { describe, expect, it } from 'vitest';
import type { MapOfflinePlace } from '@nomadas/shared/schemas';
import { decodePlace, searchSaved } from '../../map/offlinePlaces';
import { MAP_SEARCH_MAX, readMapTarget, savedAnswer } from './mapSearch';

describe('the map opened at a town (/mapa?lat=&lng=&z=)', () => {
  it('reads the point and the zoom', () => {
    expect(readMapTarget('?lat=42.45879&lng=-6.05601&z=12')).toEqual({
      latitude: 42.45879,
      longitude: -6.05601,
      zoom: 12,
    });
    // A zoom missing or out of range: the town's.
    expect(readMapTarget('?lat=40&lng=-3')?.zoom).toBe(12);
    expect(readMapTarget('?lat=40&lng=-3&z=40')?.zoom).toBe(12);
  });

  it('ignores a link without a point, or a point that is none', () => {
    for (const search of ['', '?lat=40', '?lng=-3', '?lat=abc&lng=-3', '?lat=95&lng=0', '?lat=0&lng=200'])
      expect(readMapTarget(search), search).toBeNull();
  });
});

describe('the map search box offline', () => {
  const saved = (u: string, name: string, town: string): MapOfflinePlace =>
    [
      u,
      name,
      42.4,
      -6,
      0,
      0,
      null,
      '',
      null,
      null,
      null,
      null,
      '',
      town,
      'León',
      '',
      '',
      null,
      0,
      [],
      1,
      null,
      null,
    ] as unknown as MapOfflinePlace;

  it('answers the saved places found, as Lugares opening their sheets', () => {
    const places = [
      saved('area-astorga', 'Área de autocaravanas', 'Astorga'),
      saved('area-leon', 'Área de León', 'León'),
    ].map(decodePlace);
    const answer = savedAnswer(searchSaved(places, 'ástorga', MAP_SEARCH_MAX));
    expect(answer.saved).toBe(true);
    expect(answer.groups).toHaveLength(1);
    expect(answer.groups[0]!.items).toEqual([
      expect.objectContaining({
        kind: 'l',
        label: 'Área de autocaravanas',
        href: '/mapa/location/area-astorga',
        detail: 'Astorga, León',
      }),
    ]);
    expect(savedAnswer([]).groups).toEqual([]);
  });
});
