import { sql, type Kysely } from 'kysely';

/**
 * LPG prices (issue #32): the Ministry's open fuel-price data, imported by a job (modules/lpg-prices).
 * - place_lpg_prices: the latest LPG price of a place of kind 'glp', one row per place and per station of the
 *   source (`station_id`, its IDEESS), so a re-import updates the price and never adds the place twice. The
 *   price is € per litre as published, with its date (`priced_at`, the answer's "Fecha"). The place going
 *   (a moderator's removal) takes its price with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('place_lpg_prices')
    .addColumn('location_id', 'bigint', (col) =>
      col.primaryKey().references('map_locations.id').onDelete('cascade'),
    )
    .addColumn('station_id', 'text', (col) => col.notNull().unique())
    .addColumn('lpg_price', 'numeric(5, 3)', (col) => col.notNull().check(sql`lpg_price > 0`))
    .addColumn('priced_at', 'timestamptz', (col) => col.notNull())
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
