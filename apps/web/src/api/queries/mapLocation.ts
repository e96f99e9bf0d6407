import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { MapLocation } from '@nomadas/shared/schemas';
import { api } from '../client';
import { ApiFailure, segment } from './apiData';

export type { MapLocation };

/** The sheet of a place, by urlpoint. */
export const mapLocationKey = (urlpoint: string) => ['mapLocation', urlpoint] as const;

/** GET /api/map/location/{urlpoint}: the place's sheet; null when there is no such place (404). */
export function useMapLocationQuery(urlpoint: string) {
  return useQuery({
    queryKey: mapLocationKey(urlpoint),
    queryFn: async ({ signal }): Promise<MapLocation | null> => {
      const answer = await api.get<ApiEnvelope<MapLocation>>(`/map/location/${segment(urlpoint)}`, {
        signal,
      });
      // 404 is swallowed by the client (spec §8) and reads as "no such place".
      if (answer === false) return null;
      if (answer.state !== 'OK' || !answer.data) throw new ApiFailure(answer.msg);
      return answer.data;
    },
    enabled: urlpoint !== '',
  });
}
