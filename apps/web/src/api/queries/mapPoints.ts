import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { MapPoints } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';

export type { MapPoints };

export const mapPointsRoot = ['mapPoints'] as const;
/** `search` is the query string of GET /api/map/points (bbox and filters), as screens/Mapa/filters.ts makes it. */
export const mapPointsKey = (search: string) => [...mapPointsRoot, search] as const;

/**
 * GET /api/map/points?bbox=…&kinds=…: the compact points in a box. While the next box loads, the last one
 * stays on the map (no flash of an empty map on every pan). Null `search` waits (the map has no size yet).
 */
export function useMapPointsQuery(search: string | null) {
  return useQuery({
    queryKey: mapPointsKey(search ?? ''),
    queryFn: ({ signal }) => dataOf(api.get<ApiEnvelope<MapPoints>>(`/map/points?${search}`, { signal })),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
