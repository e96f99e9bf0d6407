import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// A user's "Mis lugares" (map_saved_places, migration 202611300501-saved-places-photos).

/** Saves the place for the user; false when it was saved already. */
export async function insertSavedPlace(db: Db, userId: string, locationId: string): Promise<boolean> {
  const rows = await db
    .insertInto('map_saved_places')
    .values({ user_id: userId, location_id: locationId })
    .onConflict((oc) => oc.columns(['user_id', 'location_id']).doNothing())
    .returning('location_id')
    .execute();
  return rows.length > 0;
}

export async function deleteSavedPlace(db: Db, userId: string, locationId: string): Promise<void> {
  await db
    .deleteFrom('map_saved_places')
    .where('user_id', '=', userId)
    .where('location_id', '=', locationId)
    .execute();
}

export async function isSavedPlace(db: Db, userId: string, locationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('map_saved_places')
    .select('location_id')
    .where('user_id', '=', userId)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The user's saved places, the last saved first (map_saved_user). `registered` says they may see drafts; a place
 * saved as a draft and gone back to nobody's view never shows.
 */
export function selectSavedPlaces(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('map_saved_places as s')
    .innerJoin('map_locations as l', 'l.id', 's.location_id')
    .select([
      'l.urlpoint',
      'l.name',
      'l.kind',
      'l.lat',
      'l.lng',
      'l.municipality',
      'l.province',
      sql<string | null>`l.photos[1]`.as('photo'),
      's.created_at',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.location_id', 'desc')
    .limit(limit)
    .execute();
}

/** The data export's list: every place the user saved, by link. */
export function selectExportSavedPlaces(db: Db, userId: string) {
  return db
    .selectFrom('map_saved_places as s')
    .innerJoin('map_locations as l', 'l.id', 's.location_id')
    .select(['l.urlpoint', 'l.name', 's.created_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
}
