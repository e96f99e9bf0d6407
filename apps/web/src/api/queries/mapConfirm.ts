import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { mapLocationKey } from './mapLocation';
import { messageOf } from './messageOf';

/** POST /api/map/location/{urlpoint}/confirm: another traveller vouches that a draft place exists. */
export function useMapConfirmMutation(urlpoint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['mapConfirm', urlpoint],
    mutationFn: () => messageOf(call('POST /map/location/:urlpoint/confirm', { params: { urlpoint } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapLocationKey(urlpoint) }),
  });
}
