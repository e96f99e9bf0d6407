import {
  distanceKm,
  MAP_KINDS,
  MAP_SERVICES,
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  type Bbox,
  type Coordinates,
  type MapKind,
  type MapService,
} from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/schemas';
import type { StorageLike } from '../../session/sessionStore';

/** What the map shows (kinds, services, free only, my vehicle's size in metres), remembered on the device. */
export interface MapFilters {
  kinds: MapKind[];
  services: MapService[];
  free: boolean;
  length: number | null;
  height: number | null;
}

export const FILTERS_STORAGE_KEY = 'map_filters';
export const NO_FILTERS: MapFilters = { kinds: [], services: [], free: false, length: null, height: null };

/** A box in degrees: west, south, east, north. */
export type { Bbox };

const only = <T extends string>(allowed: readonly T[], value: unknown): T[] =>
  Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : [];

const metres = (value: unknown, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max ? value : null;

/** Anything stored (or typed) made into valid filters: unknown words dropped, sizes within the limits. */
export function cleanFilters(value: unknown): MapFilters {
  const raw = (value ?? {}) as Partial<Record<keyof MapFilters, unknown>>;
  return {
    kinds: only(MAP_KINDS, raw.kinds),
    services: only(MAP_SERVICES, raw.services),
    free: raw.free === true,
    length: metres(raw.length, MAP_VEHICLE_LENGTH_MAX),
    height: metres(raw.height, MAP_VEHICLE_HEIGHT_MAX),
  };
}

export function loadFilters(storage: StorageLike): MapFilters {
  try {
    return cleanFilters(JSON.parse(storage.getItem(FILTERS_STORAGE_KEY) ?? 'null'));
  } catch {
    return NO_FILTERS;
  }
}

export function saveFilters(storage: StorageLike, filters: MapFilters): void {
  storage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(cleanFilters(filters)));
}

/** How many filters are on (the toolbar's badge). */
export function activeFilterCount(filters: MapFilters): number {
  return (
    filters.kinds.length +
    filters.services.length +
    Number(filters.free) +
    Number(filters.length !== null) +
    Number(filters.height !== null)
  );
}

const round = (value: number) => Number(value.toFixed(6));

/** The query string of GET /api/map/points for a box and the filters (only what is set is sent). */
export function pointsQueryString(bbox: Bbox, filters: MapFilters): string {
  const query = new URLSearchParams({ bbox: bbox.map(round).join(',') });
  if (filters.kinds.length > 0) query.set('kinds', [...filters.kinds].sort().join(','));
  if (filters.services.length > 0) query.set('services', [...filters.services].sort().join(','));
  if (filters.free) query.set('free', '1');
  if (filters.length !== null) query.set('length', String(filters.length));
  if (filters.height !== null) query.set('height', String(filters.height));
  return query.toString();
}

export const inBbox = (point: { lat: number; lng: number }, [west, south, east, north]: Bbox) =>
  point.lng >= west && point.lng <= east && point.lat >= south && point.lat <= north;

export interface PlaceByDistance {
  point: MapPoint;
  km: number;
}

/** The points in the box, nearest to `from` first (great-circle km, earth radius 6371; ties by name). */
export function sortByDistance(
  points: readonly MapPoint[],
  from: Coordinates,
  bbox?: Bbox,
): PlaceByDistance[] {
  return points
    .filter((point) => !bbox || inBbox(point, bbox))
    .map((point) => ({ point, km: distanceKm(from, { latitude: point.lat, longitude: point.lng }) }))
    .sort((a, b) => a.km - b.km || a.point.n.localeCompare(b.point.n, 'es'));
}
