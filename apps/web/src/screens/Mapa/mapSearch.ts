import type { SearchResults } from '@nomadas/shared/schemas';
import { placeGroups, type SuggestionGroup } from '../../components/Header/search/comboboxModel';
import type { SavedPlace } from '../../map/offlinePlaces';

/** Places and towns per group in the map's box, as the server answers (SEARCH_GROUP_MAX). */
export const MAP_SEARCH_MAX = 5;

/** What the map's search box shows: the server's places and towns, or the saved places when it cannot answer. */
export interface MapSearchAnswer {
  groups: SuggestionGroup[];
  /** Answered from the places saved on the device (no connection). */
  saved: boolean;
}

/** The server's answer (scope map) as the box's groups: Lugares, then Poblaciones. */
export const onlineAnswer = (results: Pick<SearchResults, 'l' | 't'>): MapSearchAnswer => ({
  groups: placeGroups(results),
  saved: false,
});

/** Saved places found offline (api/offlinePlaces searchSavedPlaces) as the box's Lugares. */
export function savedAnswer(places: readonly SavedPlace[]): MapSearchAnswer {
  return {
    groups: placeGroups({
      l: places.slice(0, MAP_SEARCH_MAX).map((place) => ({
        urlpoint: place.u,
        nombre: place.name,
        kind: place.kind,
        municipio: place.municipality,
        provincia: place.province,
        lat: place.lat,
        lng: place.lng,
      })),
      t: [],
    }),
    saved: true,
  };
}

/** /mapa?lat=..&lng=..&z=..: where the map opens (a town chosen in the header's search), or null. */
export function readMapTarget(search: string): { latitude: number; longitude: number; zoom: number } | null {
  const query = new URLSearchParams(search);
  const latitude = Number(query.get('lat') ?? NaN);
  const longitude = Number(query.get('lng') ?? NaN);
  const zoom = Number(query.get('z') ?? 12);
  if (!query.has('lat') || !query.has('lng')) return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude, zoom: Number.isInteger(zoom) && zoom >= 3 && zoom <= 18 ? zoom : 12 };
}
