import { useQuery } from '@tanstack/react-query';
import type { MapLocation } from '@nomadas/shared/schemas';
import { find } from '../client';
import { foundData } from './apiData';

export type { MapLocation };

/** The sheet of a place, by urlpoint. */
export const mapLocationKey = (urlpoint: string) => ['mapLocation', urlpoint] as const;

/** GET /api/map/location/{urlpoint}: the place's sheet; null when there is no such place (404). */
export function useMapLocationQuery(urlpoint: string) {
  return useQuery({
    queryKey: mapLocationKey(urlpoint),
    queryFn: async ({ signal }): Promise<MapLocation | null> => {
      return foundData(find('GET /map/location/:urlpoint', { params: { urlpoint } }, { signal }));
    },
    enabled: urlpoint !== '',
  });
}
