import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { segment } from './apiData';
import { mapLocationKey } from './mapLocation';
import { messageOf } from './messageOf';

/** POST /api/map/location/{urlpoint}/confirm: another traveller vouches that a draft place exists. */
export function useMapConfirmMutation(urlpoint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['mapConfirm', urlpoint],
    mutationFn: () => messageOf(api.post(`/map/location/${segment(urlpoint)}/confirm`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapLocationKey(urlpoint) }),
  });
}
