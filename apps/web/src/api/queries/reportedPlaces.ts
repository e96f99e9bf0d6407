import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapReportAction, ReportedPlace } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';
import { mapPointsRoot } from './mapPoints';

export const reportedPlacesKey = ['reportedPlaces'] as const;

/** GET /api/moderacion/lugares: places users say have wrong data (moderators only). */
export function useReportedPlacesQuery(enabled: boolean) {
  return useQuery({
    queryKey: reportedPlacesKey,
    enabled,
    queryFn: ({ signal }) => dataOf(call('GET /moderacion/lugares', undefined, { signal })),
    retry: false,
  });
}

/**
 * POST /api/moderacion/lugares/{urlpoint} {action}. OK: the place leaves the list (and, removed, the map).
 * No answer: the list is read again. A KO keeps it, for the screen to show the msg.
 */
export function useReviewPlaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ urlpoint, action }: { urlpoint: string; action: MapReportAction }) =>
      call('POST /moderacion/lugares/:urlpoint', { params: { urlpoint }, body: { action } }),
    onSuccess: (answer, { urlpoint, action }) => {
      if (answer === false) return queryClient.invalidateQueries({ queryKey: reportedPlacesKey });
      if (answer.state !== 'OK') return;
      queryClient.setQueryData<ReportedPlace[]>(reportedPlacesKey, (places) =>
        places?.filter((place) => place.urlpoint !== urlpoint),
      );
      if (action === 'remove') void queryClient.invalidateQueries({ queryKey: mapPointsRoot });
    },
  });
}
