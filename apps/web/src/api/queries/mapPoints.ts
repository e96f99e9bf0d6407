import { useState } from 'react';
import { keepPreviousData, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { MapPoints } from '@nomadas/shared/schemas';
import { call } from '../client';
import { answeredOnline, savedPointsOf } from '../offlinePlaces';
import { dataOf } from './apiData';

export type { MapPoints };

export const mapPointsRoot = ['mapPoints'] as const;
/** `search` is the query string of GET /api/map/points (a cell and the filters), as screens/Mapa/filters.ts makes it. */
export const mapPointsKey = (search: string) => [...mapPointsRoot, search] as const;

interface MergedCells {
  data: MapPoints | undefined;
  isPending: boolean;
  isError: boolean;
  /** A cell of the view is still on its way (its first answer, or the one replacing a cell that left). */
  arriving: boolean;
}

/** The cells' answers as one; TanStack Query runs it again only when one of them changes. */
function mergeCells(cells: UseQueryResult<MapPoints>[]): MergedCells {
  const loaded = cells.flatMap((cell) => (cell.data ? [cell.data] : []));
  const isError = cells.some((cell) => cell.isError);
  const arriving = cells.some((cell) => cell.isFetching && (!cell.data || cell.isPlaceholderData));
  if (loaded.length === 0) return { data: undefined, isPending: !isError, isError, arriving };
  const data: MapPoints = {
    points: loaded.flatMap((cell) => cell.points),
    total: loaded.reduce((sum, cell) => sum + cell.total, 0),
  };
  return { data, isPending: false, isError, arriving };
}

/**
 * GET /api/map/points for each cell of the view (mapCells), merged: a pan asks only for the cells it
 * uncovers. The view changes once its cells have all come: until then the previous view stays (no flash of
 * an empty map on every zoom), and the map clusters and draws its markers once, not once per cell, which on
 * a phone were as many long tasks (a failing cell holds the view for its one retry). Null `searches` waits (the
 * map has no size yet).
 */
export function useMapPointsQuery(searches: string[] | null): Omit<MergedCells, 'arriving'> {
  const merged = useQueries({
    queries: (searches ?? []).map((search) => ({
      queryKey: mapPointsKey(search),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        // The cell's query string is also its cache key.
        const query = Object.fromEntries(new URLSearchParams(search));
        const answer = await call('GET /map/points', { query }, { signal });
        // No answer at all (no signal): the places saved for use offline, when there are.
        const saved = answer === false && !signal.aborted ? await savedPointsOf(search) : null;
        if (saved) return saved;
        if (answer !== false) answeredOnline();
        return dataOf(Promise.resolve(answer));
      },
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      // Asked even when the browser has said it went offline: a failed call is what brings the saved places.
      // Paused instead (TanStack's default), a view moved after the signal went stayed "Cargando lugares…".
      networkMode: 'always' as const,
    })),
    combine: mergeCells,
  });
  const [complete, setComplete] = useState(merged);
  if (merged.arriving) return complete;
  // Remembered for the next view's wait (React's pattern for state derived from a render's values).
  if (complete !== merged) setComplete(merged);
  return merged;
}
