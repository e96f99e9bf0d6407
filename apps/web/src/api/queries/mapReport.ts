import { useMutation } from '@tanstack/react-query';
import { call } from '../client';
import { messageOf } from './messageOf';

/** POST /api/map/location/{urlpoint}/report: wrong data on a sheet, for the moderators. */
export function useMapReportMutation(urlpoint: string) {
  return useMutation({
    mutationKey: ['mapReport', urlpoint],
    mutationFn: (reason: string) =>
      messageOf(call('POST /map/location/:urlpoint/report', { params: { urlpoint }, body: { reason } })),
  });
}
