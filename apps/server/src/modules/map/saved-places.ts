import { MAP_SAVED_PLACES_MAX, MSG, type MapKind } from '@nomadas/shared';
import type { MyPlace, SavedState } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { orNotFound } from '../../db/pg-errors.js';
import type { Viewer } from '../../http/auth.js';
import { writeTransaction, type WriteKey } from '../../lib/write-once.js';
import { imageUrls } from '../../media/images.js';
import { visibleLocation } from './map.service.js';
import * as q from './saved-places.queries.js';

type SaveAnswer = { state: SavedState; msg: string };

/**
 * POST /api/map/location/{urlpoint}/save: the place goes into the user's "Mis lugares" or out of it. Says what
 * the user wants (not a toggle), so the outbox's retry of it lands where the user left it.
 */
export async function savePlace(
  ctx: AppContext,
  viewer: Viewer,
  urlpoint: string,
  saved: boolean,
  key?: WriteKey<SaveAnswer>,
): Promise<SaveAnswer> {
  const place = await visibleLocation(ctx, viewer, urlpoint);
  return orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx) => {
      if (saved) await q.insertSavedPlace(trx, viewer.id, place.id);
      else await q.deleteSavedPlace(trx, viewer.id, place.id);
      return { state: { saved }, msg: saved ? MSG.mapPlaceSaved : MSG.mapPlaceUnsaved };
    }),
  );
}

/** GET /api/map/saved: the user's "Mis lugares", the last saved first; only their own. */
export async function listSavedPlaces(ctx: AppContext, viewer: Viewer): Promise<MyPlace[]> {
  const rows = await q.selectSavedPlaces(ctx.db, viewer.id, MAP_SAVED_PLACES_MAX);
  return rows.map((row) => ({
    u: row.urlpoint,
    n: row.name,
    k: row.kind as MapKind,
    lat: row.lat,
    lng: row.lng,
    municipality: row.municipality,
    province: row.province,
    thumb: row.photo ? imageUrls(ctx.media, row.photo).thumb : '',
    date: new Date(row.created_at).toISOString(),
  }));
}
