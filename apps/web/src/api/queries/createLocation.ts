import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewLocationBody } from '@nomadas/shared/schemas';
import { call } from '../client';
import { ApiFailure } from './apiData';
import { mapPointsRoot } from './mapPoints';

/** POST /api/map/location: a new place, a draft its author sees at once. Resolves to its urlpoint and msg. */
export function useCreateLocationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['createLocation'],
    mutationFn: async (body: NewLocationBody) => {
      const answer = await call('POST /map/location', { body });
      if (answer === false || answer.state !== 'OK' || !answer.data)
        throw new ApiFailure(answer === false ? undefined : answer.msg);
      return { urlpoint: answer.data.urlpoint, msg: answer.msg };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapPointsRoot }),
  });
}
