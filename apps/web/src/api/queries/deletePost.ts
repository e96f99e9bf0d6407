import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { removePost } from './wallCache';

export const deletePostKey = ['deletePost'] as const;

/** POST /api/delete/post/{url}: the post leaves every list once the server confirms. */
export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deletePostKey,
    mutationFn: (url: string) => dataOf(call('POST /delete/post/:posturl', { params: { posturl: url } })),
    onSuccess: (_, url) => removePost(queryClient, url),
  });
}
