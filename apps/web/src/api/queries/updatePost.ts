import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { patchPost } from './wallCache';

export const updatePostKey = ['updatePost'] as const;

/** POST /api/update/post/{url} {text}: the edited text (`descripcion`) replaces the old one everywhere. */
export function useUpdatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePostKey,
    mutationFn: ({ url, text }: { url: string; text: string }) =>
      dataOf(call('POST /update/post/:posturl', { params: { posturl: url }, body: { text } })),
    onSuccess: (updated, { url }) => patchPost(queryClient, url, { descripcion: updated.descripcion }),
  });
}
