import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { FollowState } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { recommendedUsersKey, type RecommendedUser } from './recommendedUsers';
import { setAuthorFollow } from './wallCache';

export const followKey = ['follow'] as const;

export interface FollowChange {
  username: string;
  /** true: POST /api/follow/user/{username}; false: POST /api/quitfollow/{username}. */
  follow: boolean;
}

/** Follows or unfollows; on OK the flag changes on every post of that author and in 'Otros muros'. */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: followKey,
    mutationFn: ({ username, follow }: FollowChange) =>
      dataOf(
        api.post<ApiEnvelope<FollowState>>(
          follow ? `/follow/user/${segment(username)}` : `/quitfollow/${segment(username)}`,
        ),
      ),
    onSuccess: (_, { username, follow }) => {
      const flag = follow ? 1 : 0;
      setAuthorFollow(queryClient, username, flag);
      queryClient.setQueryData<RecommendedUser[]>(recommendedUsersKey, (users) =>
        users?.map((user) => (user.username === username ? { ...user, follow: flag } : user)),
      );
    },
  });
}
