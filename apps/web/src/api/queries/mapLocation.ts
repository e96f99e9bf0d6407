import { useQuery } from '@tanstack/react-query';
import type { MapLocation } from '@nomadas/shared/schemas';
import { find } from '../client';
import { savedSheetOf } from '../offlinePlaces';
import { foundData } from './apiData';

export type { MapLocation };
/** A sheet, marked when it is the copy saved for use offline (the server did not answer). */
export type SheetData = MapLocation & { savedCopy?: true };

/** The sheet of a place, by urlpoint. */
export const mapLocationKey = (urlpoint: string) => ['mapLocation', urlpoint] as const;

/**
 * GET /api/map/location/{urlpoint}: the place's sheet; null when there is no such place (404). With no
 * connection, its saved copy (api/offlinePlaces.ts), without wall posts and with one photo.
 */
export function useMapLocationQuery(urlpoint: string) {
  return useQuery({
    queryKey: mapLocationKey(urlpoint),
    queryFn: async ({ signal }): Promise<SheetData | null> => {
      const answer = await find('GET /map/location/:urlpoint', { params: { urlpoint } }, { signal });
      // No answer at all (no signal): the copy saved for use offline, when there is one.
      const saved = answer === false && !signal.aborted ? await savedSheetOf(urlpoint) : null;
      return saved ? { ...saved, savedCopy: true } : foundData(Promise.resolve(answer));
    },
    enabled: urlpoint !== '',
  });
}
