import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { Subscription } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { applySubscription } from './channelCache';

export const subscribeKey = ['subscribe'] as const;

/** POST /api/subscribe/{canal}: toggles; the flag and count change where they show once the server says OK. */
export function useSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: subscribeKey,
    mutationFn: (canal: string) =>
      dataOf(api.post<ApiEnvelope<Subscription>>(`/subscribe/${segment(canal)}`)),
    onSuccess: (state, canal) => applySubscription(queryClient, canal, state),
  });
}
