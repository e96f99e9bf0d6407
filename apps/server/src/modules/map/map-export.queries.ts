import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { placeFields } from './map.queries.js';

// What the data export reads of the map (map-export.ts): rows the user made, and the places by urlpoint.

/**
 * The places the user added, drafts included, with the stems of their photos that are not someone else's
 * (`own_photos`: theirs, and those from before photos had owners).
 */
export function selectExportPlaces(db: Db, userId: string) {
  return db
    .selectFrom('map_locations as l')
    .select(['urlpoint', ...placeFields, 'status', 'created_at'])
    .select(
      sql<string[]>`array(select p.media from unnest(l.photos) with ordinality as p(media, i)
        where not exists (select 1 from map_location_photos o
          where o.location_id = l.id and o.media = p.media and o.user_id <> ${userId})
        order by p.i)`.as('own_photos'),
    )
    .where('author_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The photos the user added to places someone else added. */
export function selectExportOthersPlacePhotos(db: Db, userId: string) {
  return db
    .selectFrom('map_location_photos as p')
    .innerJoin('map_locations as l', 'l.id', 'p.location_id')
    .select(['l.urlpoint', 'p.media', 'p.created_at'])
    .where('p.user_id', '=', userId)
    .where((eb) => eb.or([eb('l.author_id', 'is', null), eb('l.author_id', '<>', userId)]))
    .orderBy('p.created_at')
    .execute();
}

export function selectExportReviews(db: Db, userId: string) {
  return db
    .selectFrom('map_reviews as r')
    .innerJoin('map_locations as l', 'l.id', 'r.location_id')
    .select([
      'l.urlpoint',
      'r.stars',
      'r.text',
      sql<string>`to_char(r.stayed, 'YYYY-MM-DD')`.as('stayed'),
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .execute();
}

export function selectExportConfirmations(db: Db, userId: string) {
  return db
    .selectFrom('map_confirmations as c')
    .innerJoin('map_locations as l', 'l.id', 'c.location_id')
    .select(['l.urlpoint', 'c.created_at'])
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at')
    .execute();
}

export function selectExportPlaceReports(db: Db, userId: string) {
  return db
    .selectFrom('map_reports as r')
    .innerJoin('map_locations as l', 'l.id', 'r.location_id')
    .select(['l.urlpoint', 'r.reason', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .execute();
}

/** The point they share now, if any (already coarsened: it is all the server keeps). */
export function selectExportLivePosition(db: Db, userId: string) {
  return db
    .selectFrom('live_positions')
    .select(['lat', 'lng', 'type', 'until_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
