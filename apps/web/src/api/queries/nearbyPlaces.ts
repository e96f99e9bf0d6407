import type { ApiEnvelope, Coordinates } from '@nomadas/shared';
import type { MapPlace } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';

export type { MapPlace };

/** GET /api/map/nearby?lat&lng: places a post can name, nearest first (asked only when the user wants one). */
export function fetchNearbyPlaces(
  { latitude, longitude }: Coordinates,
  signal?: AbortSignal,
): Promise<MapPlace[]> {
  const query = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  return dataOf(api.get<ApiEnvelope<MapPlace[]>>(`/map/nearby?${query}`, { signal }));
}
