import { sql } from 'kysely';
import {
  MAP_OFFLINE_DESCRIPTION_CHARS,
  MAP_OFFLINE_REVIEW_CHARS,
  MAP_OFFLINE_REVIEWS,
} from '@nomadas/shared';
import type { Db } from '../../db/database.js';

// The places kept offline (GET /api/map/offline; migration 202611290201-map-offline): triggers stamp each
// change with its transaction's id, which these queries read in one snapshot.

export interface OfflinePlaceRow {
  urlpoint: string;
  name: string;
  lat: number;
  lng: number;
  kind: string;
  services: string[];
  price: number | null;
  season: string;
  max_stay: number | null;
  places: number | null;
  max_length: number | null;
  max_height: number | null;
  surface: string;
  municipality: string;
  province: string;
  description: string;
  photo: string | null;
  rating: number | null;
  reviews_count: number;
  /** [username, stars, text, day of the stay 'YYYY-MM-DD'], newest first. */
  reviews: Array<[string, number, string, string]>;
  updated: number;
  months_open: number | null;
  max_weight: number | null;
}

/** Public places changed by a transaction at or after `since` (every one without it). */
export async function selectOfflinePlaces(db: Db, since: number | undefined): Promise<OfflinePlaceRow[]> {
  const { rows } = await sql<OfflinePlaceRow>`
    select l.urlpoint, l.name, l.lat, l.lng, l.kind, l.services, l.price::float8 as price, l.season,
      l.max_stay, l.places, l.max_length, l.max_height, l.surface, l.municipality, l.province,
      left(l.description, ${MAP_OFFLINE_DESCRIPTION_CHARS}) as description, l.photos[1] as photo,
      l.rating_avg::float8 as rating, l.reviews_count,
      (select coalesce(json_agg(json_build_array(u.username, r.stars, left(r.text, ${MAP_OFFLINE_REVIEW_CHARS}),
                to_char(r.stayed, 'YYYY-MM-DD')) order by r.updated_at desc, r.user_id desc), '[]')
         from (select user_id, stars, text, stayed, updated_at from map_reviews where location_id = l.id
               order by updated_at desc, user_id desc limit ${MAP_OFFLINE_REVIEWS}) r
         join users u on u.id = r.user_id) as reviews,
      extract(epoch from l.updated_at)::int as updated, l.months_open, l.max_weight
    from map_locations l
    where l.status = 'public' ${since === undefined ? sql`` : sql`and l.offline_xid >= ${since}`}
    order by l.id`.execute(db);
  return rows;
}

/** Urlpoints that stopped being public in a transaction at or after `since`. */
export async function selectOfflineRemoved(db: Db, since: number): Promise<string[]> {
  const rows = await db
    .selectFrom('map_offline_removed')
    .select('urlpoint')
    .where('xid', '>=', String(since))
    .orderBy('urlpoint')
    .execute();
  return rows.map((row) => row.urlpoint);
}

/**
 * The version of what this snapshot sees: one past the newest change it can see, but never above the oldest
 * transaction still running (its change, with a lower id, may commit after this read and must come next time).
 */
export async function offlineVersion(db: Db): Promise<number> {
  const { rows } = await sql<{ version: string }>`
    select least(pg_snapshot_xmin(pg_current_snapshot())::text::bigint,
      greatest((select max(offline_xid) from map_locations where status = 'public'),
               (select max(xid) from map_offline_removed), 0) + 1)::text as version`.execute(db);
  return Number(rows[0]!.version);
}
