import { useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_DEFAULT, type ApiEnvelope } from '@nomadas/shared';
import type { NotificationsPage } from '@nomadas/shared/schemas';
import { api } from '../client';
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
      const params = new URLSearchParams({ l: String(NOTIFICATIONS_PAGE_DEFAULT) });
      if (pageParam) params.set('a', pageParam);
      return dataOf(api.get<ApiEnvelope<NotificationsPage>>(`/notifications?${params}`, { signal }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.fin === 1 || !last.a ? undefined : last.a),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
