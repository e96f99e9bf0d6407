import { EARTH_RADIUS_KM } from './constants.js';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Spec §5: numbers, longitude strictly inside ±180, latitude strictly inside ±90. */
export function isValidCoordinates(latitude: unknown, longitude: unknown): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    latitude > -90 &&
    latitude < 90 &&
    longitude > -180 &&
    longitude < 180
  );
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A point chosen uniformly at random within `rangeMetres` of the real one, so that a shared
 * position never reveals where someone actually is. `random` is injectable for tests.
 */
export function obfuscateCoordinates(
  position: Coordinates,
  rangeMetres: number,
  random: () => number = Math.random,
): Coordinates {
  const distance = rangeMetres * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  const angular = distance / 1000 / EARTH_RADIUS_KM;
  const lat1 = toRadians(position.latitude);
  const lng1 = toRadians(position.longitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: (lat2 * 180) / Math.PI, longitude: (((lng2 * 180) / Math.PI + 540) % 360) - 180 };
}

/** A box `[west, south, east, north]` in degrees. */
export type Bbox = [number, number, number, number];

/** Grid steps, in degrees, that the map's boxes are snapped to: coarser when more of the map is in view. */
const MAP_BBOX_GRID = [8, 4, 2, 1, 0.5, 0.25, 0.125, 0.0625];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The box GET /api/map/points is asked for: the visible one snapped outwards to a grid whose step is at
 * most half the view, so a small pan asks for the same box again and people looking at the same area ask
 * for the same boxes (the browser's cache and the server's shared answers serve them). It stays strictly
 * inside the limits of spec §5.
 */
export function snapMapBbox([west, south, east, north]: Bbox): Bbox {
  const size = Math.max(east - west, north - south);
  const step = MAP_BBOX_GRID.find((s) => s * 2 <= size) ?? MAP_BBOX_GRID.at(-1)!;
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  return [
    clamp(down(west), -179.999999, 179.999998),
    clamp(down(south), -89.999999, 89.999998),
    clamp(up(east), -179.999998, 179.999999),
    clamp(up(north), -89.999998, 89.999999),
  ];
}
