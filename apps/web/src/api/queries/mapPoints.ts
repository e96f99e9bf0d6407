import { keepPreviousData, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { MapPoints } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';

export type { MapPoints };

export const mapPointsRoot = ['mapPoints'] as const;
/** `search` is the query string of GET /api/map/points (a cell and the filters), as screens/Mapa/filters.ts makes it. */
export const mapPointsKey = (search: string) => [...mapPointsRoot, search] as const;

/** The cells' answers as one; TanStack Query runs it again only when one of them changes. */
function mergeCells(cells: UseQueryResult<MapPoints>[]) {
  const loaded = cells.flatMap((cell) => (cell.data ? [cell.data] : []));
  const isError = cells.some((cell) => cell.isError);
  if (loaded.length === 0) return { data: undefined, isPending: !isError, isError };
  const data: MapPoints = {
    points: loaded.flatMap((cell) => cell.points),
    total: loaded.reduce((sum, cell) => sum + cell.total, 0),
  };
  return { data, isPending: false, isError };
}

/**
 * GET /api/map/points for each cell of the view (mapCells), merged: a pan asks only for the cells it
 * uncovers. A cell that replaces one that left the view shows the old one's points until its own come (no
 * flash of an empty map on every zoom). Null `searches` waits (the map has no size yet).
 */
export function useMapPointsQuery(searches: string[] | null) {
  return useQueries({
    queries: (searches ?? []).map((search) => ({
      queryKey: mapPointsKey(search),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        dataOf(api.get<ApiEnvelope<MapPoints>>(`/map/points?${search}`, { signal })),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    })),
    combine: mergeCells,
  });
}
