import {
  distanceKm,
  MAP_KINDS,
  MAP_SERVICES,
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  VEHICLE_WEIGHT_MAX,
  type Bbox,
  type Coordinates,
  type MapKind,
  type MapService,
  type Vehicle,
} from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/schemas';
import type { StorageLike } from '../../session/sessionStore';

/**
 * What the map shows (kinds, services, free only, open now, a vehicle's size), remembered on the device. With
 * my vehicle set (issue #32), `fit` (on unless turned off) filters by its sizes; the sizes typed here are for
 * a map without one.
 */
export interface MapFilters {
  kinds: MapKind[];
  services: MapService[];
  free: boolean;
  /** Open this month ("Abierto ahora"). */
  open: boolean;
  /** Metres, metres, tonnes. */
  length: number | null;
  height: number | null;
  weight: number | null;
  /** "Ocultar lo que no cabe": my vehicle's sizes filter the map. */
  fit: boolean;
}

export const FILTERS_STORAGE_KEY = 'map_filters';
export const NO_FILTERS: MapFilters = {
  kinds: [],
  services: [],
  free: false,
  open: false,
  length: null,
  height: null,
  weight: null,
  fit: true,
};

type Sizes = Pick<MapFilters, 'length' | 'height' | 'weight'>;

/** The sizes the map filters by: my vehicle's while `fit` is on, else those typed in the filters. */
export function filterSizes(filters: MapFilters, vehicle: Vehicle | null): Sizes {
  const { length, height, weight } = vehicle && filters.fit ? vehicle : filters;
  return { length, height, weight };
}

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
    open: raw.open === true,
    length: metres(raw.length, MAP_VEHICLE_LENGTH_MAX),
    height: metres(raw.height, MAP_VEHICLE_HEIGHT_MAX),
    weight: metres(raw.weight, VEHICLE_WEIGHT_MAX),
    fit: raw.fit !== false,
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

/** How many filters are on (the toolbar's badge); my vehicle's sizes count as one. */
export function activeFilterCount(filters: MapFilters, vehicle: Vehicle | null = null): number {
  const sizes = filterSizes(filters, vehicle);
  const bySize = Object.values(sizes).filter((size) => size !== null).length;
  return (
    filters.kinds.length +
    filters.services.length +
    Number(filters.free) +
    Number(filters.open) +
    (vehicle && filters.fit ? Math.min(bySize, 1) : bySize)
  );
}

const round = (value: number) => Number(value.toFixed(6));

/** The query string of GET /api/map/points for a box and the filters (only what is set is sent). */
export function pointsQueryString(bbox: Bbox, filters: MapFilters, vehicle: Vehicle | null = null): string {
  const { length, height, weight } = filterSizes(filters, vehicle);
  const query = new URLSearchParams({ bbox: bbox.map(round).join(',') });
  if (filters.kinds.length > 0) query.set('kinds', [...filters.kinds].sort().join(','));
  if (filters.services.length > 0) query.set('services', [...filters.services].sort().join(','));
  if (filters.free) query.set('free', '1');
  if (filters.open) query.set('open', '1');
  if (length !== null) query.set('length', String(length));
  if (height !== null) query.set('height', String(height));
  if (weight !== null) query.set('weight', String(weight));
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
