import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { EditedPost } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { patchPost } from './wallCache';

export const updatePostKey = ['updatePost'] as const;

/** POST /api/update/post/{url} {text}: the edited text (`descripcion`) replaces the old one everywhere. */
export function useUpdatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePostKey,
    mutationFn: ({ url, text }: { url: string; text: string }) =>
      dataOf(api.post<ApiEnvelope<EditedPost>>(`/update/post/${segment(url)}`, { text })),
    onSuccess: (updated, { url }) => patchPost(queryClient, url, { descripcion: updated.descripcion }),
  });
}
