import { useQuery } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';

export const guideKey = ['guide'] as const;

/** GET /api/guia: the '10 joyas' guide of the logged-in account (issue #33). */
export function useGuideQuery(enabled: boolean) {
  return useQuery({
    queryKey: guideKey,
    enabled,
    queryFn: ({ signal }) => dataOf(call('GET /guia', undefined, { signal })),
  });
}
