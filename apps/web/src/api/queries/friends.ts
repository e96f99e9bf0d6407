import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { Friend } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';

export type { Friend };

export const friendsKey = ['friends'] as const;

/** GET /api/friends: my friends (mutual follows), the most recent friendship first. */
export function useFriendsQuery(enabled = true) {
  return useQuery({
    queryKey: friendsKey,
    queryFn: ({ signal }) => dataOf(api.get<ApiEnvelope<Friend[]>>('/friends', { signal })),
    enabled,
  });
}
