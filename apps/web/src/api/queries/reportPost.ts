import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { removePost } from './wallCache';

export const reportPostKey = ['reportPost'] as const;

/** POST /api/denuncia/post/{url}: the reporter stops seeing the post at once. */
export function useReportPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reportPostKey,
    mutationFn: (url: string) => dataOf(api.post(`/denuncia/post/${segment(url)}`)),
    onSuccess: (_, url) => removePost(queryClient, url),
  });
}
