import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { mapCommentPreviews, mapComments, patchCommentIn } from './wallCache';

export const likeCommentKey = ['likeComment'] as const;

/** POST /api/comment/like/{id}: flips the like once the server answers OK, never before. */
export function useLikeCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likeCommentKey,
    mutationFn: ({ id }: { url: string; id: number }) =>
      dataOf(call('POST /comment/like/:id', { params: { id } })),
    onSuccess: (state, { url, id }) => {
      const patch = { islike: state.islike, likes: state.likes };
      mapComments(queryClient, url, (list) => patchCommentIn(list, id, patch));
      mapCommentPreviews(queryClient, url, (list) => patchCommentIn(list, id, patch));
    },
  });
}
