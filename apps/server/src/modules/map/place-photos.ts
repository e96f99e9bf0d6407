import { MAP_LOCATION_PHOTOS_MAX, MAP_LOCATION_PHOTOS_TOTAL, MSG } from '@nomadas/shared';
import type { MapLocation } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { orNotFound } from '../../db/pg-errors.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { storeImage } from '../../media/images.js';
import { releaseImage } from '../posts/posts.service.js';
import { freshSheet, visibleLocation } from './map.service.js';
import * as q from './place-photos.queries.js';

/**
 * Whether the user may add one more photo to the place (MAP_LOCATION_PHOTOS_MAX each): asked before the upload's
 * body is read, so a full hand costs no bytes. The write checks again under the place's lock.
 */
export async function checkPhotoRoom(ctx: AppContext, viewer: Viewer, urlpoint: string): Promise<void> {
  const place = await visibleLocation(ctx, viewer, urlpoint);
  if ((await q.countUserPhotos(ctx.db, place.id, viewer.id)) >= MAP_LOCATION_PHOTOS_MAX) {
    throw badRequest(MSG.mapPhotosYours);
  }
  if (place.photos.length >= MAP_LOCATION_PHOTOS_TOTAL) throw badRequest(MSG.mapPhotosFull);
}

/**
 * POST /api/map/location/{urlpoint}/photo: any registered user adds a photo of a place they can see, through
 * the image pipeline (re-encoded, metadata stripped), up to MAP_LOCATION_PHOTOS_MAX of their own and
 * MAP_LOCATION_PHOTOS_TOTAL in all. The files go first; a refused photo leaves none that nothing shows.
 */
export async function addLocationPhoto(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  image: Buffer,
): Promise<MapLocation> {
  const place = await visibleLocation(ctx, viewer, urlpoint);
  const stored = await storeImage(ctx, image);
  let refusal: string | null = MSG.mapPhotosFull;
  try {
    refusal = await orNotFound(() =>
      ctx.db.transaction().execute(async (trx) => {
        const locked = await q.lockPlacePhotos(trx, place.id);
        if (!locked) throw notFound();
        if ((await q.countUserPhotos(trx, place.id, viewer.id)) >= MAP_LOCATION_PHOTOS_MAX) {
          return MSG.mapPhotosYours;
        }
        if (locked.count >= MAP_LOCATION_PHOTOS_TOTAL) return MSG.mapPhotosFull;
        // The same picture twice is one photo: the sheet shows it once.
        await q.insertPlacePhoto(trx, place.id, viewer.id, stored.media);
        return null;
      }),
    );
  } finally {
    // The same file may be another post's or place's: releaseImage keeps a file something shows.
    if (refusal !== null) await releaseImage(ctx, stored.media);
  }
  if (refusal !== null) throw badRequest(refusal);
  return freshSheet(ctx, viewer, urlpoint);
}

/** DELETE /api/map/location/{urlpoint}/photo/{photo}: the user who added a photo takes it off the place. */
export async function deleteLocationPhoto(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  photoId: string,
): Promise<MapLocation> {
  const place = await visibleLocation(ctx, viewer, urlpoint);
  const photo = await q.findPlacePhoto(ctx.db, place.id, photoId);
  if (!photo) throw notFound();
  if (photo.user_id !== viewer.id) throw forbidden();
  // No cache holds photos (the points have none; offline sheets follow the row's transaction id).
  if (await q.deletePlacePhoto(ctx.db, place.id, photo.media)) await releaseImage(ctx, photo.media);
  return freshSheet(ctx, viewer, urlpoint);
}
