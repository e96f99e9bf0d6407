import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { coarsenCoordinates, type Coordinates } from '@nomadas/shared';
import type { LpgNear } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { LpgNear };

/** No answer at all (no signal): the screen falls back on what the device holds. */
export type LpgNearAnswer = LpgNear | { offline: true };

/**
 * GET /api/map/glp: the cheapest LPG near a point ("GLP más barato cerca", issue #32). The point is snapped to
 * the ~111 m grid live positions use (coarsenCoordinates), so no precise position leaves the phone, and small
 * pans of the map ask nothing new.
 */
export function useLpgNearQuery(from: Coordinates | null) {
  const point = from && coarsenCoordinates(from);
  return useQuery<LpgNearAnswer>({
    queryKey: ['lpgNear', point?.latitude, point?.longitude] as const,
    enabled: point !== null,
    // Asked even when the browser says it is offline: no answer is what turns to the device's places. That
    // fallback is not kept: the next look (or the connection's return) asks the server again.
    networkMode: 'always',
    staleTime: ({ state }) => (state.data && 'offline' in state.data ? 0 : 5 * 60_000),
    // A pan keeps the list it had until the new one comes.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<LpgNearAnswer> => {
      const answer = await call(
        'GET /map/glp',
        { query: { lat: point!.latitude, lng: point!.longitude } },
        { signal },
      );
      if (answer === false && !signal.aborted) return { offline: true };
      return dataOf(Promise.resolve(answer));
    },
  });
}
