import { MAP_OFFLINE_REVIEWS, monthsMask } from '@nomadas/shared';
import type { MapLocation } from '@nomadas/shared/schemas';
import { foldText, type SavedPlace } from './offlinePlaces';

/**
 * A place of "Mis lugares" as the device keeps it for use offline (issue #32), from its sheet: the same shape
 * as the places of Spain's saved set, so the sheet shows the same way with no signal.
 */
export function placeFromSheet(sheet: MapLocation, now = Date.now()): SavedPlace {
  return {
    u: sheet.urlpoint,
    name: sheet.name,
    lat: sheet.lat,
    lng: sheet.lng,
    kind: sheet.kind,
    services: sheet.services,
    price: sheet.price,
    season: sheet.season,
    maxStay: sheet.maxStay,
    places: sheet.places,
    maxLength: sheet.maxLength,
    maxHeight: sheet.maxHeight,
    maxWeight: sheet.maxWeight,
    months: sheet.months === null ? null : monthsMask(sheet.months),
    surface: sheet.surface,
    municipality: sheet.municipality,
    province: sheet.province,
    description: sheet.description,
    thumb: sheet.photos[0] ?? '',
    rating: sheet.rating,
    reviewsCount: sheet.reviewsCount,
    reviews: sheet.reviews
      .slice(0, MAP_OFFLINE_REVIEWS)
      .map(({ username, stars, text, stayed }) => ({ username, stars, text, stayed })),
    updated: Math.floor(now / 1000),
    words: foldText(`${sheet.name} ${sheet.municipality} ${sheet.province}`),
  };
}
