import { sql } from 'kysely';
import type { Db } from '@nomadas/server/db/database';
import type { SeedReview } from './map-places.js';

/** True once the demo map is there (a first run that failed after it keeps it). */
export async function hasMapPlaces(db: Db): Promise<boolean> {
  const row = await db.selectFrom('map_locations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertMapReviews(db: Db, reviews: SeedReview[]): Promise<void> {
  for (let i = 0; i < reviews.length; i += 1000) {
    await db
      .insertInto('map_reviews')
      .values(reviews.slice(i, i + 1000))
      .onConflict((oc) => oc.columns(['location_id', 'user_id']).doNothing())
      .execute();
  }
}

/** Sets each place's rating sum and count from its reviews (the seed writes reviews in bulk). */
export function recountRatings(db: Db) {
  return sql`
    update map_locations l set rating_sum = r.total, reviews_count = r.n
    from (select location_id, sum(stars)::int as total, count(*)::int as n from map_reviews group by location_id) r
    where r.location_id = l.id`.execute(db);
}

/** Ties posts to places: each `[postId, locationId]`. */
export async function setPostPlaces(db: Db, pairs: Array<[string, string]>): Promise<void> {
  if (pairs.length === 0) return;
  const values = sql.join(pairs.map(([post, place]) => sql`(${post}::bigint, ${place}::bigint)`));
  await sql`
    update posts p set location_id = v.location_id
    from (values ${values}) as v(post_id, location_id)
    where p.id = v.post_id`.execute(db);
}

/** Photos shown by some places, as image stems. */
export async function setPlacePhotos(db: Db, photos: Array<[string, string[]]>): Promise<void> {
  for (const [placeId, stems] of photos) {
    await sql`update map_locations set photos = cast(${`{${stems.join(',')}}`} as text[]) where id = ${placeId}`.execute(
      db,
    );
  }
}
