import { useQuery } from '@tanstack/react-query';
import type { LivePosition } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { LivePosition };

export const livePositionsKey = ['livePositions'] as const;

/** GET /api/map/positions: the shared positions I may see now; the socket's 't: m' frames keep them current. */
export function useLivePositionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: livePositionsKey,
    queryFn: ({ signal }) => dataOf(call('GET /map/positions', undefined, { signal })),
    enabled,
    staleTime: 0,
  });
}
