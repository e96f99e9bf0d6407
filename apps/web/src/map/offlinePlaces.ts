import {
  isOpenIn,
  isStay,
  MAP_KINDS,
  MAP_SERVICES,
  maskMonths,
  monthInSpain,
  vehicleMayFit,
  type MapKind,
  type MapService,
} from '@nomadas/shared';
import type { MapLocation, MapOfflinePlace, MapPoints } from '@nomadas/shared/schemas';

/** A place of the saved set (GET /api/map/offline), its array made into names, as IndexedDB keeps it. */
export interface SavedPlace {
  u: string;
  name: string;
  lat: number;
  lng: number;
  kind: MapKind;
  services: MapService[];
  price: number | null;
  season: string;
  maxStay: number | null;
  places: number | null;
  maxLength: number | null;
  maxHeight: number | null;
  /** Absent in copies saved before issue #32: not stated. */
  maxWeight?: number | null;
  /** Months open as a mask (seasons.ts); null or absent: not stated. */
  months?: number | null;
  surface: string;
  municipality: string;
  province: string;
  description: string;
  thumb: string;
  rating: number | null;
  reviewsCount: number;
  reviews: Array<{ username: string; stars: number; text: string; stayed: string }>;
  updated: number;
  /** Name, town and province, lower case and without accents: what the search by name reads. */
  words: string;
}

/** Lower case without accents, so 'Cangas de Onis' finds 'Cangas de Onís'. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function decodePlace(place: MapOfflinePlace): SavedPlace {
  const [u, name, lat, lng, kind, bits, price, season, maxStay, places, maxLength, maxHeight, surface] =
    place;
  const [, , , , , , , , , , , , , municipality, province, description, thumb] = place;
  const [, , , , , , , , , , , , , , , , , rating, reviewsCount, reviews, updated, months, maxWeight] = place;
  return {
    u,
    name,
    lat,
    lng,
    kind: MAP_KINDS[kind] ?? 'default',
    services: MAP_SERVICES.filter((_, i) => (bits & (1 << i)) !== 0),
    price,
    season,
    maxStay,
    places,
    maxLength,
    maxHeight,
    maxWeight,
    months,
    surface,
    municipality,
    province,
    description,
    thumb,
    rating,
    reviewsCount,
    reviews: reviews.map(([username, stars, text, stayed]) => ({ username, stars, text, stayed })),
    updated,
    words: foldText(`${name} ${municipality} ${province}`),
  };
}

/**
 * The answer GET /api/map/points would give for `search` (a cell and the filters, as filters.ts writes it),
 * made from the saved places: public ones only, as a visitor sees them.
 */
export function savedPoints(places: readonly SavedPlace[], search: string): MapPoints {
  const query = new URLSearchParams(search);
  const [w = -180, s = -90, e = 180, n = 90] = (query.get('bbox') ?? '').split(',').map(Number);
  const list = (name: string) => (query.get(name) ?? '').split(',').filter(Boolean);
  const kinds = list('kinds');
  const services = list('services');
  const free = query.get('free') === '1';
  const length = Number(query.get('length') ?? 0);
  const height = Number(query.get('height') ?? 0);
  const weight = Number(query.get('weight') ?? 0);
  const vehicle = { length: length || null, height: height || null, weight: weight || null };
  const month = query.get('open') === '1' ? monthInSpain() : null;
  const points = places
    .filter(
      (place) =>
        place.lat >= s &&
        place.lat < n &&
        place.lng >= w &&
        place.lng < e &&
        (kinds.length === 0 || kinds.includes(place.kind)) &&
        services.every((service) => place.services.includes(service as MapService)) &&
        (!free || (!place.price && isStay(place.kind))) &&
        vehicleMayFit(vehicle, { ...place, maxWeight: place.maxWeight ?? null }) &&
        (month === null || isOpenIn(place.months ?? null, month)),
    )
    .map((place) => ({
      u: place.u,
      n: place.name,
      lat: place.lat,
      lng: place.lng,
      k: place.kind,
      f: place.price || !isStay(place.kind) ? (0 as const) : (1 as const),
      r: place.rating,
      d: 0 as const,
    }));
  return { points, total: points.length };
}

/** A place's sheet from its saved copy: its one photo the thumbnail, no wall posts (they are not kept). */
export function savedSheet(place: SavedPlace): MapLocation {
  return {
    urlpoint: place.u,
    kind: place.kind,
    name: place.name,
    description: place.description,
    lat: place.lat,
    lng: place.lng,
    municipality: place.municipality,
    province: place.province,
    services: place.services,
    price: place.price,
    season: place.season,
    maxStay: place.maxStay,
    places: place.places,
    maxLength: place.maxLength,
    maxHeight: place.maxHeight,
    maxWeight: place.maxWeight ?? null,
    months: place.months == null ? null : maskMonths(place.months),
    surface: place.surface,
    photos: place.thumb ? [place.thumb] : [],
    rating: place.rating,
    reviewsCount: place.reviewsCount,
    reviews: place.reviews.map((review) => ({
      username: review.username,
      img: '',
      stars: review.stars,
      text: review.text,
      stayed: review.stayed,
      date: new Date(place.updated * 1000).toISOString(),
      self: false,
    })),
    posts: [],
    draft: false,
    self: false,
    // Whose photos and whether it is in "Mis lugares" are the user's: the shared copy does not say.
    photoIds: [],
    ownPhotos: [],
    saved: false,
  };
}

/** Saved places whose name, town or province holds every word typed, those whose name starts with it first. */
export function searchSaved(places: readonly SavedPlace[], typed: string, max: number): SavedPlace[] {
  const words = foldText(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const first = words.join(' ');
  return places
    .filter((place) => words.every((word) => place.words.includes(word)))
    .sort(
      (a, b) =>
        Number(!a.words.startsWith(first)) - Number(!b.words.startsWith(first)) ||
        a.name.localeCompare(b.name, 'es'),
    )
    .slice(0, max);
}
