import { useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_DEFAULT } from '@nomadas/shared';
import { call } from '../client';
import { dataOf } from './apiData';

export const notificationsKey = ['notifications'] as const;

/**
 * GET /api/notifications?l=&a=: my notifications, newest first, page after page (`a` is the oldest id the
 * list holds) until fin = 1. Fetched afresh on every visit: the list is where pending ones get seen.
 */
export function useNotificationsQuery() {
  return useInfiniteQuery({
    queryKey: notificationsKey,
    queryFn: ({ pageParam, signal }) => {
      const query = { l: NOTIFICATIONS_PAGE_DEFAULT, a: pageParam ?? undefined };
      return dataOf(call('GET /notifications', { query }, { signal }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.fin === 1 || !last.a ? undefined : last.a),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
