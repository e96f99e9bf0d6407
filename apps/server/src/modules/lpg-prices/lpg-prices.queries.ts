import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The map's LPG places, each with the source's station it is tied to (null: none yet). */
export function selectLpgPlaces(db: Db) {
  return db
    .selectFrom('map_locations as l')
    .leftJoin('place_lpg_prices as p', 'p.location_id', 'l.id')
    .select(['l.id', 'l.name', 'l.lat', 'l.lng', 'p.station_id'])
    .where('l.kind', '=', 'glp')
    .execute();
}

/** Urlpoints already taken that are one of `bases` or begin with it (new stations' places are named alike). */
export async function selectUrlpointsLike(db: Db, bases: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < bases.length; i += 200) {
    const rows = await db
      .selectFrom('map_locations')
      .select('urlpoint')
      .where((eb) =>
        eb.or(
          bases
            .slice(i, i + 200)
            .map((base) => eb('urlpoint', 'like', `${base.replace(/[\\%_]/g, '\\$&')}%`)),
        ),
      )
      .execute();
    for (const row of rows) taken.add(row.urlpoint);
  }
  return taken;
}

export interface LpgPriceRow {
  locationId: string;
  stationId: string;
  price: number;
  pricedAt: Date;
}

/** Sets the price of each place (a new row, or the place's row updated), 500 at a time. */
export async function upsertLpgPrices(db: Db, rows: LpgPriceRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('place_lpg_prices')
      .values(
        rows.slice(i, i + 500).map((row) => ({
          location_id: row.locationId,
          station_id: row.stationId,
          lpg_price: row.price,
          priced_at: row.pricedAt,
        })),
      )
      .onConflict((oc) =>
        oc.column('location_id').doUpdateSet({
          station_id: sql.ref('excluded.station_id'),
          lpg_price: sql.ref('excluded.lpg_price'),
          priced_at: sql.ref('excluded.priced_at'),
          imported_at: sql`now()`,
        }),
      )
      .execute();
  }
}

/** The LPG price of one place, for its sheet; undefined when it has none. */
export function findLpgPrice(db: Db, locationId: string) {
  return db
    .selectFrom('place_lpg_prices')
    .select([sql<number>`lpg_price::float8`.as('price'), 'priced_at'])
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}

/** True when a job of `kind` is waiting or running. */
export async function hasPendingJob(db: Db, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('state', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Serializes the instances that check, at start, whether the import is scheduled (transaction-level). */
export async function lockSchedule(db: Db, key: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(db);
}
