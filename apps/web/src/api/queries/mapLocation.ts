import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { MapLocation } from '@nomadas/shared/schemas';
import { api } from '../client';
import { foundData, segment } from './apiData';

export type { MapLocation };

/** The sheet of a place, by urlpoint. */
export const mapLocationKey = (urlpoint: string) => ['mapLocation', urlpoint] as const;

/** GET /api/map/location/{urlpoint}: the place's sheet; null when there is no such place (404). */
export function useMapLocationQuery(urlpoint: string) {
  return useQuery({
    queryKey: mapLocationKey(urlpoint),
    queryFn: async ({ signal }): Promise<MapLocation | null> => {
      return foundData(
        api.find<ApiEnvelope<MapLocation>>(`/map/location/${segment(urlpoint)}`, {
          signal,
        }),
      );
    },
    enabled: urlpoint !== '',
  });
}
