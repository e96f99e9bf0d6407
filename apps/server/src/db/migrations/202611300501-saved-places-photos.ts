import { sql, type Kysely } from 'kysely';

/**
 * Saved places and everybody's photos of a place (issue #32).
 * - map_saved_places: a user's "Mis lugares", one row per user and place, newest first by map_saved_user; both
 *   foreign keys cascade, so an account or a place going takes its saves with it.
 * - map_location_photos: who added each photo of a place (map_locations.photos stays the sheet's order and what
 *   the offline sheets, the previews and the files' sharing read). Up to MAP_LOCATION_PHOTOS_MAX per user and
 *   place, counted on map_location_photos_user; the photos already there are their place's author's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('map_saved_places')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('location_id', 'bigint', (col) =>
      col.notNull().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_saved_places_pk', ['user_id', 'location_id'])
    .execute();
  await sql`create index map_saved_user on map_saved_places (user_id, created_at desc, location_id)`.execute(
    db,
  );
  await sql`create index map_saved_location on map_saved_places (location_id)`.execute(db);

  await db.schema
    .createTable('map_location_photos')
    .addColumn('location_id', 'bigint', (col) =>
      col.notNull().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('media', 'text', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_location_photos_pk', ['location_id', 'media'])
    .execute();
  await sql`create index map_location_photos_user on map_location_photos (user_id, location_id)`.execute(db);
  await sql`insert into map_location_photos (location_id, media, user_id)
    select l.id, p.media, l.author_id from map_locations l, unnest(l.photos) as p(media)
    where l.author_id is not null
    on conflict do nothing`.execute(db);
}
