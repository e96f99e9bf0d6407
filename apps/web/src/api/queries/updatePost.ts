import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { patchPost } from './wallCache';

export const updatePostKey = ['updatePost'] as const;

/**
 * POST /api/update/post/{url} {text, lugar?}: the edited text (`descripcion`) replaces the old one everywhere,
 * and so does the place when `lugar` was sent (a urlpoint, or null for none).
 */
export function useUpdatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePostKey,
    mutationFn: ({ url, text, lugar }: { url: string; text: string; lugar?: string | null }) =>
      dataOf(
        call('POST /update/post/:posturl', {
          params: { posturl: url },
          body: lugar === undefined ? { text } : { text, lugar },
        }),
      ),
    onSuccess: (updated, { url }) =>
      patchPost(queryClient, url, {
        descripcion: updated.descripcion,
        ...(updated.lugar === undefined ? {} : { lugar: updated.lugar }),
      }),
  });
}
