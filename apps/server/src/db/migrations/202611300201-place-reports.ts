import { sql, type Kysely } from 'kysely';

/**
 * Reports that age (issue #32): what registered users say a place is like now.
 * - place_reports: each user's latest word per place and topic (the primary key): a service of the place
 *   ('agua', 'grises'…) that works or not, the price paid ('precio', with `price`), or room tonight ('sitio':
 *   lleno, pocas, sitio). `weight` is fixed when written: a quarter from an account younger than a day, as post
 *   reports weigh (REPORT_WEIGHT). The readers decide what is still fresh from `reported_at`.
 * - place_occupancy: each place's current room state, kept by the writes (and an account's deletion), so that
 *   the map's points join one small table by its primary key instead of deciding it per place.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('place_reports')
    .addColumn('location_id', 'bigint', (col) =>
      col.notNull().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('state', 'text')
    .addColumn('price', 'numeric(7, 2)')
    .addColumn('weight', 'float8', (col) => col.notNull())
    .addColumn('reported_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('place_reports_pk', ['location_id', 'topic', 'user_id'])
    .addCheckConstraint(
      'place_reports_value',
      sql`(topic = 'precio') = (price is not null and state is null)`,
    )
    .execute();
  await sql`create index place_reports_user on place_reports (user_id)`.execute(db);

  await db.schema
    .createTable('place_occupancy')
    .addColumn('location_id', 'bigint', (col) =>
      col.primaryKey().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('lleno', 'pocas', 'sitio')`))
    .addColumn('reported_at', 'timestamptz', (col) => col.notNull())
    .execute();
}
