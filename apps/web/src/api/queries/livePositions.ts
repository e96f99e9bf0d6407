import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { LivePosition } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';

export type { LivePosition };

export const livePositionsKey = ['livePositions'] as const;

/** GET /api/map/positions: the shared positions I may see now; the socket's 't: m' frames keep them current. */
export function useLivePositionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: livePositionsKey,
    queryFn: ({ signal }) => dataOf(api.get<ApiEnvelope<LivePosition[]>>('/map/positions', { signal })),
    enabled,
    staleTime: 0,
  });
}
