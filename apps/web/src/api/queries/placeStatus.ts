import { useQuery } from '@tanstack/react-query';
import type { PlaceStatus } from '@nomadas/shared/schemas';
import { find } from '../client';
import { foundData } from './apiData';

export type { PlaceStatus };

/** A place's reports that age (issue #32), by urlpoint. */
export const placeStatusKey = (urlpoint: string) => ['placeStatus', urlpoint] as const;

/** GET /api/map/location/{urlpoint}/status: its services now, the price paid, "¿Hay sitio?". */
export function usePlaceStatusQuery(urlpoint: string, enabled = true) {
  return useQuery({
    queryKey: placeStatusKey(urlpoint),
    queryFn: ({ signal }) =>
      foundData(find('GET /map/location/:urlpoint/status', { params: { urlpoint } }, { signal })),
    enabled: enabled && urlpoint !== '',
  });
}
