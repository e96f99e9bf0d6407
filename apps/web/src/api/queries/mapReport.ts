import { useMutation } from '@tanstack/react-query';
import { api } from '../client';
import { segment } from './apiData';
import { messageOf } from './messageOf';

/** POST /api/map/location/{urlpoint}/report: wrong data on a sheet, for the moderators. */
export function useMapReportMutation(urlpoint: string) {
  return useMutation({
    mutationKey: ['mapReport', urlpoint],
    mutationFn: (reason: string) =>
      messageOf(api.post(`/map/location/${segment(urlpoint)}/report`, { reason })),
  });
}
