import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { LikeState } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { patchPost } from './wallCache';

export const likePostKey = ['likePost'] as const;

/** POST /api/like/post/{url}. The flag and count change only with the server's OK (spec §4): no optimism. */
export function useLikePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likePostKey,
    mutationFn: (url: string) => dataOf(api.post<ApiEnvelope<LikeState>>(`/like/post/${segment(url)}`)),
    onSuccess: (state, url) => patchPost(queryClient, url, { islike: state.islike, likes: state.likes }),
  });
}
