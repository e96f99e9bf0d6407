import { sql, type Kysely } from 'kysely';
import { parseSeason } from '@nomadas/shared';

/**
 * The nomad's own vehicle and the months a place is open (issue #32).
 * - user_vehicles: one per account (GET/POST/DELETE /api/perfil/vehiculo), going with it.
 * - map_locations.months_open: the months open as a 12-bit mask (bit 0 January), null when not stated; the
 *   free text of `season` is read into it where it is months alone ("De junio a septiembre", "Todo el año")
 *   by the app's own parser, and kept as it was. The "Abierto ahora" filter checks it on the rows of the box.
 * - map_locations.max_weight: the weight limit in tonnes, beside max_length and max_height.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_vehicles')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) =>
      col.notNull().check(sql`type in ('autocaravana', 'camper', 'caravana', 'furgoneta', 'capuchina', 'otro')`),
    )
    .addColumn('length', 'real', (col) => col.check(sql`length > 0`))
    .addColumn('height', 'real', (col) => col.check(sql`height > 0`))
    .addColumn('weight', 'real', (col) => col.check(sql`weight > 0`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('map_locations')
    .addColumn('months_open', 'smallint', (col) => col.check(sql`months_open between 1 and 4095`))
    .addColumn('max_weight', 'real', (col) => col.check(sql`max_weight > 0`))
    .execute();

  const { rows } = await sql<{ season: string }>`
    select distinct season from map_locations where season <> ''`.execute(db);
  for (const { season } of rows) {
    const mask = parseSeason(season);
    if (mask === null) continue;
    await sql`update map_locations set months_open = ${mask} where season = ${season}`.execute(db);
  }
}
