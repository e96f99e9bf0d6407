import { sql } from 'kysely';
import { REPORT_WEIGHT } from '@nomadas/shared';
import type { Db } from '../../db/database.js';

// Reports on a place that age (place-status.ts): each user's latest word per place and topic, and each
// place's current room state for the map's points. Times come from the app's clock, never now().

const HOUR_MS = 3600_000;

export interface NewPlaceReport {
  locationId: string;
  userId: string;
  /** A service code, 'precio' or 'sitio'. */
  topic: string;
  state: string | null;
  price: number | null;
  at: Date;
}

/**
 * Writes the user's latest word on the topic (replacing their earlier one), weighed as post reports are: a
 * quarter from an account younger than REPORT_WEIGHT.newAccountHours at `at`.
 */
export async function upsertPlaceReport(db: Db, report: NewPlaceReport): Promise<void> {
  const newSince = new Date(report.at.getTime() - REPORT_WEIGHT.newAccountHours * HOUR_MS);
  await db
    .insertInto('place_reports')
    .columns(['location_id', 'user_id', 'topic', 'state', 'price', 'weight', 'reported_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          eb.val(report.locationId).as('location_id'),
          'users.id',
          eb.val(report.topic).as('topic'),
          sql<string | null>`cast(${report.state} as text)`.as('state'),
          sql<number | null>`cast(${report.price} as numeric)`.as('price'),
          sql<number>`case when users.created_at > ${newSince}
            then cast(${REPORT_WEIGHT.newAccount} as double precision)
            else cast(${REPORT_WEIGHT.established} as double precision) end`.as('weight'),
          sql<Date>`cast(${report.at} as timestamptz)`.as('reported_at'),
        ])
        .where('users.id', '=', report.userId),
    )
    .onConflict((oc) =>
      oc.columns(['location_id', 'topic', 'user_id']).doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        price: eb.ref('excluded.price'),
        weight: eb.ref('excluded.weight'),
        reported_at: eb.ref('excluded.reported_at'),
      })),
    )
    .execute();
}

/** When the user last reported the topic on the place (under the place's row lock, by the caller). */
export async function lastReportAt(db: Db, locationId: string, userId: string, topic: string) {
  const row = await db
    .selectFrom('place_reports')
    .select('reported_at')
    .where('location_id', '=', locationId)
    .where('topic', '=', topic)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.reported_at;
}

/** The place's reports made since `since` (prices aside), newest first. */
export function listFreshReports(db: Db, locationId: string, since: Date) {
  return db
    .selectFrom('place_reports')
    .select(['user_id', 'topic', 'state', 'weight', 'reported_at'])
    .where('location_id', '=', locationId)
    .where('topic', '<>', 'precio')
    .where('reported_at', '>=', since)
    .orderBy('reported_at', 'desc')
    .execute();
}
export type FreshReportRow = Awaited<ReturnType<typeof listFreshReports>>[number];

/** The latest price paid at the place, whatever its age, and how many users ever gave one. */
export async function latestPrice(db: Db, locationId: string) {
  const row = await db
    .selectFrom('place_reports')
    .select([
      sql<number>`price::float8`.as('price'),
      'reported_at',
      sql<string>`count(*) over ()`.as('reports'),
    ])
    .where('location_id', '=', locationId)
    .where('topic', '=', 'precio')
    .orderBy('reported_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { price: row.price, at: row.reported_at, reports: Number(row.reports) };
}

/** Keeps the place's current room state for the map's points; none when nobody knows. */
export async function setOccupancy(
  db: Db,
  locationId: string,
  current: { state: string; at: Date } | null,
): Promise<void> {
  if (!current) {
    await db.deleteFrom('place_occupancy').where('location_id', '=', locationId).execute();
    return;
  }
  await db
    .insertInto('place_occupancy')
    .values({ location_id: locationId, state: current.state, reported_at: current.at })
    .onConflict((oc) =>
      oc.column('location_id').doUpdateSet({ state: current.state, reported_at: current.at }),
    )
    .execute();
}

/** The places whose room the user reported since `since` (an account going must recount them). */
export async function placesWithOccupancyBy(db: Db, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('place_reports')
    .select('location_id')
    .where('user_id', '=', userId)
    .where('topic', '=', 'sitio')
    .where('reported_at', '>=', since)
    .execute();
  return rows.map((row) => row.location_id);
}

/** Every report the user made, for their data export. */
export function selectExportPlaceStatus(db: Db, userId: string) {
  return db
    .selectFrom('place_reports as r')
    .innerJoin('map_locations as l', 'l.id', 'r.location_id')
    .select([
      'l.urlpoint',
      'r.topic',
      'r.state',
      sql<number | null>`r.price::float8`.as('price'),
      'r.reported_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.reported_at')
    .execute();
}
