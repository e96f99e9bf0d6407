import type { Coordinates } from '@nomadas/shared';
import type { MapPlace } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { MapPlace };

/** GET /api/map/nearby?lat&lng: places a post can name, nearest first (asked only when the user wants one). */
export function fetchNearbyPlaces(
  { latitude, longitude }: Coordinates,
  signal?: AbortSignal,
): Promise<MapPlace[]> {
  return dataOf(call('GET /map/nearby', { query: { lat: latitude, lng: longitude } }, { signal }));
}
