import { useQuery } from '@tanstack/react-query';
import type { Friend } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { Friend };

export const friendsKey = ['friends'] as const;

/** GET /api/friends: my friends (mutual follows), the most recent friendship first. */
export function useFriendsQuery(enabled = true) {
  return useQuery({
    queryKey: friendsKey,
    queryFn: ({ signal }) => dataOf(call('GET /friends', undefined, { signal })),
    enabled,
  });
}
