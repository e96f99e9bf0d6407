import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { patchPost } from './wallCache';

export const likePostKey = ['likePost'] as const;

/** POST /api/like/post/{url}. The flag and count change only with the server's OK (spec §4): no optimism. */
export function useLikePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likePostKey,
    mutationFn: (url: string) => dataOf(call('POST /like/post/:posturl', { params: { posturl: url } })),
    onSuccess: (state, url) => patchPost(queryClient, url, { islike: state.islike, likes: state.likes }),
  });
}
