import { sql, type Kysely } from 'kysely';

/**
 * The map (issue #9): places, their reviews, reports and confirmations, and a post's place.
 * - map_locations: a place with a unique readable `urlpoint`; a draft is seen only by its author until other
 *   users confirm it (`confirmations`) or a moderator approves it. `rating_sum` and `reviews_count` move with
 *   each review in its transaction; `rating_avg` (one decimal) is derived from them. The author may go
 *   (account deleted): the place is the community's and stays, no longer naming them.
 * - map_locations_box: a btree on (lat, lng). A box reads the latitude band and checks the longitude inside
 *   the index itself, so only the points in the box touch the table (≈ 3 ms for a province at 100k points).
 * - map_locations_photos: which place shows a stored photo (files are shared by content with posts).
 * - map_reviews: one per user and place (the primary key decides a race); map_confirmations likewise.
 * - posts.location_id: a wall post from a place; the sheet reads its latest visible posts by posts_location.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('map_locations')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('urlpoint', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('default', 'glp', 'ubic', 'iniruta', 'finruta')`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('lat', 'double precision', (col) => col.notNull().check(sql`lat > -90 and lat < 90`))
    .addColumn('lng', 'double precision', (col) => col.notNull().check(sql`lng > -180 and lng < 180`))
    .addColumn('municipality', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('province', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('services', sql`text[]`, (col) =>
      col
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(
          sql`services <@ array['agua','grises','negras','electricidad','duchas','wc','wifi','sombra','lavanderia']::text[]`,
        ),
    )
    // € per night; null or 0: free.
    .addColumn('price', 'numeric(7, 2)', (col) => col.check(sql`price >= 0`))
    .addColumn('season', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('max_stay', 'integer')
    .addColumn('places', 'integer')
    .addColumn('max_length', 'real')
    .addColumn('max_height', 'real')
    .addColumn('surface', 'text', (col) => col.notNull().defaultTo(''))
    // Stems of images stored by the image pipeline (media/images.ts), in the order they were added.
    .addColumn('photos', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('author_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'public')`),
    )
    .addColumn('confirmations', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reviews_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'map_locations_counts',
      sql`confirmations >= 0 and reviews_count >= 0 and rating_sum >= 0`,
    )
    .execute();
  await sql`alter table map_locations add column rating_avg numeric(2, 1) generated always as
    (case when reviews_count > 0 then round(rating_sum::numeric / reviews_count, 1) end) stored`.execute(db);
  await sql`create index map_locations_box on map_locations (lat, lng)`.execute(db);
  await sql`create index map_locations_author on map_locations (author_id) where author_id is not null`.execute(
    db,
  );
  // Files are shared by content: deleting a post asks whether a place still shows its photo.
  await sql`create index map_locations_photos on map_locations using gin (photos) where cardinality(photos) > 0`.execute(
    db,
  );

  await db.schema
    .createTable('map_reviews')
    .addColumn('location_id', 'bigint', (col) =>
      col.notNull().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stars', 'smallint', (col) => col.notNull().check(sql`stars between 1 and 5`))
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('stayed', 'date', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_reviews_pk', ['location_id', 'user_id'])
    .execute();
  await sql`create index map_reviews_recent on map_reviews (location_id, updated_at desc)`.execute(db);
  await sql`create index map_reviews_user on map_reviews (user_id)`.execute(db);

  await db.schema
    .createTable('map_confirmations')
    .addColumn('location_id', 'bigint', (col) =>
      col.notNull().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_confirmations_pk', ['location_id', 'user_id'])
    .execute();
  await sql`create index map_confirmations_user on map_confirmations (user_id)`.execute(db);

  // One open report per user and place: sending again replaces its reason.
  await db.schema
    .createTable('map_reports')
    .addColumn('location_id', 'bigint', (col) =>
      col.notNull().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_reports_pk', ['location_id', 'user_id'])
    .execute();
  await sql`create index map_reports_user on map_reports (user_id)`.execute(db);

  await db.schema
    .alterTable('posts')
    .addColumn('location_id', 'bigint', (col) => col.references('map_locations.id').onDelete('set null'))
    .execute();
  await sql`create index posts_location on posts (location_id, id desc)
    where location_id is not null and hidden_at is null`.execute(db);
}
