import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { removePost } from './wallCache';

export const reportPostKey = ['reportPost'] as const;

/** POST /api/denuncia/post/{url}: the reporter stops seeing the post at once. */
export function useReportPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reportPostKey,
    mutationFn: (url: string) => dataOf(call('POST /denuncia/post/:posturl', { params: { posturl: url } })),
    onSuccess: (_, url) => removePost(queryClient, url),
  });
}
