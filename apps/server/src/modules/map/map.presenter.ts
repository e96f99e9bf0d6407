import { maskMonths, type MapKind, type MapService, type OccupancyState } from '@nomadas/shared';
import type { MapLocation, MapPoint, MapReview } from '@nomadas/shared/answers';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import type * as q from './map.queries.js';

type PointRow = Awaited<ReturnType<typeof q.selectPoints>>[number];
type ReviewRow = Awaited<ReturnType<typeof q.listReviews>>[number];
type PlacePostRow = Awaited<ReturnType<typeof q.listPlacePosts>>[number];

/** A photo's id on its sheet: the last part of its stem (a hash of the file, media/images.ts). */
export const photoId = (stem: string) => stem.slice(stem.lastIndexOf('/') + 1);

/** A point of GET /api/map/points, with its short keys. */
export function presentPoint(row: PointRow): MapPoint {
  return {
    u: row.urlpoint,
    n: row.name,
    lat: row.lat,
    lng: row.lng,
    k: row.kind,
    f: row.free ? 1 : 0,
    r: row.rating,
    d: row.draft ? 1 : 0,
    ...(row.lpg_price !== null &&
      row.lpg_at !== null && { g: row.lpg_price, ga: Math.floor(new Date(row.lpg_at).getTime() / 1000) }),
    ...(row.occupancy !== null &&
      row.occupancy_at !== null && {
        o: row.occupancy as OccupancyState,
        oa: Math.floor(row.occupancy_at.getTime() / 1000),
      }),
  };
}

export function presentReview(row: ReviewRow, viewerId: string | null): MapReview {
  return {
    username: row.username,
    img: row.img_profile,
    stars: row.stars,
    text: row.text,
    stayed: row.stayed,
    date: new Date(row.updated_at).toISOString(),
    self: row.user_id === viewerId,
  };
}

/** The sheet of a place: its data, its rating and reviews, and the latest wall posts from it. */
export function presentLocation(
  row: q.LocationRow,
  extra: {
    reviews: ReviewRow[];
    posts: PlacePostRow[];
    viewerId: string | null;
    media: MediaStore;
    /** The caller's: the stems of the photos they added, and whether the place is in their "Mis lugares". */
    ownPhotos: string[];
    saved: boolean;
  },
): MapLocation {
  return {
    urlpoint: row.urlpoint,
    kind: row.kind as MapKind,
    name: row.name,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    municipality: row.municipality,
    province: row.province,
    services: row.services as MapService[],
    price: row.price,
    season: row.season,
    months: row.months_open === null ? null : maskMonths(row.months_open),
    maxStay: row.max_stay,
    places: row.places,
    maxLength: row.max_length,
    maxHeight: row.max_height,
    maxWeight: row.max_weight,
    surface: row.surface,
    photos: row.photos.map((stem) => imageUrls(extra.media, stem).display),
    rating: row.rating,
    reviewsCount: row.reviews_count,
    reviews: extra.reviews.map((review) => presentReview(review, extra.viewerId)),
    posts: extra.posts.map((post) => ({
      url: post.url,
      media: imageUrls(extra.media, post.media).thumb,
      username: post.username,
    })),
    draft: row.status === 'draft',
    self: row.author_id !== null && row.author_id === extra.viewerId,
    photoIds: row.photos.map(photoId),
    ownPhotos: extra.ownPhotos.map(photoId),
    saved: extra.saved,
  };
}
