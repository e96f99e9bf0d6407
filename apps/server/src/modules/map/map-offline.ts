import { createHash } from 'node:crypto';
import { MAP_KINDS, MAP_SERVICES, type MapService } from '@nomadas/shared';
import type { MapOffline, MapOfflinePlace } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { prepareJson, type PreparedJson } from '../../http/prepared-json.js';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import * as q from './map-offline.queries.js';

/** 5 decimals of a degree: about a metre, all a map needs. */
const coordinate = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
const hundredths = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const serviceBits = (services: readonly string[]) =>
  services.reduce((bits, service) => bits | (1 << MAP_SERVICES.indexOf(service as MapService)), 0);

/** A place as the array of GET /api/map/offline (mapOfflinePlaceSchema gives the order). */
export function presentOfflinePlace(row: q.OfflinePlaceRow, media: MediaStore): MapOfflinePlace {
  return [
    row.urlpoint,
    row.name,
    coordinate(row.lat),
    coordinate(row.lng),
    MAP_KINDS.indexOf(row.kind as (typeof MAP_KINDS)[number]),
    serviceBits(row.services),
    row.price,
    row.season,
    row.max_stay,
    row.places,
    hundredths(row.max_length),
    hundredths(row.max_height),
    row.surface,
    row.municipality,
    row.province,
    row.description,
    row.photo ? imageUrls(media, row.photo).thumb : '',
    row.rating,
    row.reviews_count,
    row.reviews,
    row.updated,
    row.months_open,
    hundredths(row.max_weight),
  ];
}

export interface OfflineAnswer extends PreparedJson {
  /** Strong: the hash of the answer, so an unchanged set answers 304. */
  etag: string;
}

/**
 * GET /api/map/offline: every public place, or with `since` the places changed at or after that version and
 * the urlpoints no longer public, read in one snapshot with the version that the next delta starts from. A
 * `since` above the current version cannot be answered by a delta: the whole set comes, marked `full`.
 */
export async function offlinePlaces(ctx: AppContext, since: number | undefined): Promise<OfflineAnswer> {
  const data = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx): Promise<MapOffline> => {
      const version = await q.offlineVersion(trx);
      // A version from the future: the database was restored from a dump (its transaction ids start again).
      const full = since === undefined || since > version;
      const [places, removed] = await Promise.all([
        q.selectOfflinePlaces(trx, full ? undefined : since),
        full ? [] : q.selectOfflineRemoved(trx, since),
      ]);
      return { version, full, places: places.map((row) => presentOfflinePlace(row, ctx.media)), removed };
    });
  const prepared = await prepareJson(ok(data));
  const etag = `"${createHash('sha1').update(prepared.json).digest('base64url')}"`;
  return { ...prepared, etag };
}
