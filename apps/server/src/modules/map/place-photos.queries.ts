import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Everybody's photos of a place: map_locations.photos keeps their order, map_location_photos who added each
// (migration 202611300501-saved-places-photos).

/** How many photos the user has added to the place. */
export async function countUserPhotos(db: Db, locationId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('map_location_photos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The place's row, locked for a change of its photos, with how many it has. */
export function lockPlacePhotos(db: Db, locationId: string) {
  return db
    .selectFrom('map_locations')
    .select(['id', sql<number>`cardinality(photos)`.as('count')])
    .where('id', '=', locationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds the photo as the user's, last on the sheet; false when the place shows that same photo already. */
export async function insertPlacePhoto(
  db: Db,
  locationId: string,
  userId: string,
  media: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('map_location_photos')
    .values({ location_id: locationId, user_id: userId, media })
    .onConflict((oc) => oc.columns(['location_id', 'media']).doNothing())
    .returning('media')
    .execute();
  if (rows.length === 0) return false;
  await db
    .updateTable('map_locations')
    .set({ photos: sql`array_append(photos, ${media})`, updated_at: sql`now()` })
    .where('id', '=', locationId)
    .execute();
  return true;
}

/** The stem of the place's photo with this id (the stem's last part) and who added it. */
export function findPlacePhoto(db: Db, locationId: string, photoId: string) {
  return db
    .selectFrom('map_location_photos')
    .select(['media', 'user_id'])
    .where('location_id', '=', locationId)
    .where(sql<boolean>`media like ${`%/${photoId}`}`)
    .executeTakeFirst();
}

/** Takes the photo off the place; false when it was gone already. */
export async function deletePlacePhoto(db: Db, locationId: string, media: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('map_location_photos')
    .where('location_id', '=', locationId)
    .where('media', '=', media)
    .returning('media')
    .execute();
  if (rows.length === 0) return false;
  await db
    .updateTable('map_locations')
    .set({ photos: sql`array_remove(photos, ${media})`, updated_at: sql`now()` })
    .where('id', '=', locationId)
    .execute();
  return true;
}

/** The stems of the place's photos the user added (their sheet's `ownPhotos`). */
export async function selectUserPhotos(db: Db, locationId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('map_location_photos')
    .select('media')
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.media);
}
