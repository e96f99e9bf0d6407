import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody } from '@nomadas/shared/schemas';
import { call } from '../client';
import { mapLocationKey } from './mapLocation';
import { mapPointsRoot } from './mapPoints';
import { messageOf } from './messageOf';

/** POST /api/map/location/{urlpoint}/review: one per user and place; sending again edits it. */
export function useMapReviewMutation(urlpoint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['mapReview', urlpoint],
    mutationFn: (review: ReviewBody) =>
      messageOf(call('POST /map/location/:urlpoint/review', { params: { urlpoint }, body: review })),
    onSuccess: async () => {
      // The rating changed: the sheet and the points that show it.
      await queryClient.invalidateQueries({ queryKey: mapLocationKey(urlpoint) });
      void queryClient.invalidateQueries({ queryKey: mapPointsRoot });
    },
  });
}
