import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { boxAround, greatCircleKm } from '../map/map.queries.js';

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
          delisted_at: null,
        })),
      )
      .onConflict((oc) =>
        oc.column('location_id').doUpdateSet({
          station_id: sql.ref('excluded.station_id'),
          lpg_price: sql.ref('excluded.lpg_price'),
          priced_at: sql.ref('excluded.priced_at'),
          imported_at: sql`now()`,
          delisted_at: null,
        }),
      )
      .execute();
  }
}

/** Marks the stations that are not among `listed` (the source's latest answer) as gone, once. */
export async function markDelisted(db: Db, listed: string[]): Promise<void> {
  await db
    .updateTable('place_lpg_prices')
    .set({ delisted_at: sql`now()` })
    .where('delisted_at', 'is', null)
    .$if(listed.length > 0, (qb) => qb.where('station_id', 'not in', listed))
    .execute();
}

/** The LPG price of one place, for its sheet; undefined when it has none. */
export function findLpgPrice(db: Db, locationId: string) {
  return db
    .selectFrom('place_lpg_prices')
    .select([sql<number>`lpg_price::float8`.as('price'), 'priced_at'])
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}

/**
 * The public LPG places with a price within `km` of a point: a box around it on map_locations_box, then the
 * great-circle distance. Fresh prices first (`stale`: priced before `staleBefore`, or the source no longer
 * lists the station), each group cheapest first, then nearest.
 */
export function selectLpgNear(
  db: Db,
  lat: number,
  lng: number,
  km: number,
  limit: number,
  staleBefore: Date,
) {
  const box = boxAround(lat, lng, km);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('map_locations as l')
        .innerJoin('place_lpg_prices as p', 'p.location_id', 'l.id')
        .select([
          'l.urlpoint',
          'l.name',
          'l.municipality',
          sql<number>`p.lpg_price::float8`.as('price'),
          'p.priced_at',
          sql<boolean>`(p.delisted_at is not null or p.priced_at < ${staleBefore})`.as('stale'),
          greatCircleKm(lat, lng).as('km'),
        ])
        .where('l.kind', '=', 'glp')
        .where('l.status', '=', 'public')
        .where('l.lat', '>=', box.s)
        .where('l.lat', '<=', box.n)
        .where('l.lng', '>=', box.w)
        .where('l.lng', '<=', box.e)
        .as('near'),
    )
    .selectAll()
    .where('km', '<=', km)
    .orderBy('stale')
    .orderBy('price')
    .orderBy('km')
    .orderBy('urlpoint')
    .limit(limit)
    .execute();
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
