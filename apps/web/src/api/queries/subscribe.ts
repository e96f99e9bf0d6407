import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { applySubscription } from './channelCache';

export const subscribeKey = ['subscribe'] as const;

/** POST /api/subscribe/{canal}: toggles; the flag and count change where they show once the server says OK. */
export function useSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: subscribeKey,
    mutationFn: (canal: string) => dataOf(call('POST /subscribe/:canal', { params: { canal } })),
    onSuccess: (state, canal) => applySubscription(queryClient, canal, state),
  });
}
