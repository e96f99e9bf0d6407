import { describe, expect, it } from 'vitest';
import { directionsUrl, NAV_APP_KEY, rememberedNavApp, rememberNavApp } from './directions';

describe('directionsUrl', () => {
  it('asks each app for driving directions to the point', () => {
    expect(directionsUrl('google', 42.4571, -6.0594)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=42.4571%2C-6.0594&travelmode=driving',
    );
    expect(directionsUrl('apple', 42.4571, -6.0594)).toBe(
      'https://maps.apple.com/?daddr=42.4571%2C-6.0594&dirflg=d',
    );
    expect(directionsUrl('waze', 42.4571, -6.0594)).toBe(
      'https://waze.com/ul?ll=42.4571%2C-6.0594&navigate=yes',
    );
    expect(directionsUrl('osm', 42.4571, -6.0594)).toBe(
      'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=%3B42.4571%2C-6.0594#map=14/42.4571/-6.0594',
    );
  });
});

describe('the remembered app', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      values,
    };
  };

  it('is none the first time, then the one chosen, under its documented key', () => {
    const storage = memory();
    expect(rememberedNavApp(storage)).toBeNull();
    rememberNavApp('waze', storage);
    expect(storage.values.get(NAV_APP_KEY)).toBe('waze');
    expect(rememberedNavApp(storage)).toBe('waze');
  });

  it('ignores an unknown value and a storage that throws', () => {
    const storage = memory();
    storage.setItem(NAV_APP_KEY, 'tomtom');
    expect(rememberedNavApp(storage)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedNavApp(broken)).toBeNull();
    expect(() => rememberNavApp('osm', broken)).not.toThrow();
  });
});
