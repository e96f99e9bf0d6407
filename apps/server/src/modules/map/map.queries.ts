import { sql } from 'kysely';
import { EARTH_RADIUS_KM, NOT_A_STAY_KINDS, type MapKind, type MapService } from '@nomadas/shared';
import type { Db } from '../../db/database.js';

// The map's places, reviews, confirmations and reports. Lists of words (kinds, services) travel as text
// arrays, as ids do elsewhere, so the same SQL runs on PGlite and PostgreSQL.

const textArray = (words: readonly string[]) => sql<string[]>`cast(${`{${words.join(',')}}`} as text[])`;
/** A free night: no price, and a place where one stays (not an LPG station). */
const freeStay = sql<boolean>`(coalesce(price, 0) = 0 and not kind = any(${textArray(NOT_A_STAY_KINDS)}))`;

export interface PointsFilter {
  w: number;
  s: number;
  e: number;
  n: number;
  /** What visitors see (public places), or what registered users see: drafts too, to confirm them. */
  only: 'public' | 'registered';
  kinds?: MapKind[] | undefined;
  services?: MapService[] | undefined;
  free: boolean;
  length?: number | undefined;
  height?: number | undefined;
  weight?: number | undefined;
  /** Open in this month (1–12): months_open has its bit, or is not stated. */
  openIn?: number | undefined;
}

/**
 * A vehicle's size against a limit: unknown or at least the size (shared `vehicleFit`). The size is cast to
 * real, the limit's type, so that 3.3 m meets a limit of 3.3 m as the sheet's answer says.
 */
const limitMet = (column: 'max_length' | 'max_height' | 'max_weight', size: number) =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} >= cast(${size} as real))`;

/**
 * The box and the filters, on map_locations_box: the latitude band, the longitude checked in the index. The
 * box is half-open (its north and east edges excluded), so a place on the line between two grid cells that
 * the browser asks for side by side comes in one of them.
 */
function pointsWhere(db: Db, f: PointsFilter) {
  return db
    .selectFrom('map_locations')
    .where('lat', '>=', f.s)
    .where('lat', '<', f.n)
    .where('lng', '>=', f.w)
    .where('lng', '<', f.e)
    .$if(f.only === 'public', (qb) => qb.where('status', '=', 'public'))
    .$if(f.kinds !== undefined && f.kinds.length > 0, (qb) => qb.where('kind', 'in', f.kinds!))
    .$if(f.services !== undefined && f.services.length > 0, (qb) =>
      qb.where(sql<boolean>`services @> ${textArray(f.services!)}`),
    )
    .$if(f.free, (qb) => qb.where(freeStay))
    .$if(f.length !== undefined, (qb) => qb.where(limitMet('max_length', f.length!)))
    .$if(f.height !== undefined, (qb) => qb.where(limitMet('max_height', f.height!)))
    .$if(f.weight !== undefined, (qb) => qb.where(limitMet('max_weight', f.weight!)))
    .$if(f.openIn !== undefined, (qb) =>
      qb.where(sql<boolean>`(months_open is null or months_open & ${1 << (f.openIn! - 1)} <> 0)`),
    );
}

/**
 * Up to `limit` points of the box, in no particular order (the map clusters them), each with its room state
 * said since `occupancySince` (place_occupancy, kept by place-status' writes, joined by its primary key).
 */
export function selectPoints(db: Db, filter: PointsFilter, limit: number, occupancySince: Date) {
  return pointsWhere(db, filter)
    .leftJoin('place_lpg_prices as lpg', 'lpg.location_id', 'map_locations.id')
    .leftJoin('place_occupancy as o', (join) =>
      join.onRef('o.location_id', '=', 'map_locations.id').on('o.reported_at', '>=', occupancySince),
    )
    .select([
      'o.state as occupancy',
      'o.reported_at as occupancy_at',
      'urlpoint',
      'name',
      'lat',
      'lng',
      'kind',
      freeStay.as('free'),
      sql<number | null>`rating_avg::float8`.as('rating'),
      sql<boolean>`status = 'draft'`.as('draft'),
      sql<number | null>`lpg.lpg_price::float8`.as('lpg_price'),
      'lpg.priced_at as lpg_at',
    ])
    .limit(sql.lit(limit))
    .execute();
}

/** How many points the box holds (asked only when a page came back full). */
export async function countPoints(db: Db, filter: PointsFilter): Promise<number> {
  const row = await pointsWhere(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a place's author told of it: its sheet and the data export read the same fields. */
export const placeFields = [
  'kind',
  'name',
  'description',
  'lat',
  'lng',
  'municipality',
  'province',
  'services',
  sql<number | null>`price::float8`.as('price'),
  'season',
  'max_stay',
  'places',
  'max_length',
  'max_height',
  'max_weight',
  'months_open',
  'surface',
  'photos',
] as const;

/** A place with everything its sheet shows; drafts too (the service decides who sees them). */
export function findLocation(db: Db, urlpoint: string) {
  return db
    .selectFrom('map_locations')
    .select([
      'id',
      'urlpoint',
      ...placeFields,
      'author_id',
      'status',
      'confirmations',
      'reviews_count',
      sql<number | null>`rating_avg::float8`.as('rating'),
    ])
    .where('urlpoint', '=', urlpoint)
    .executeTakeFirst();
}
export type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

/** The place a post names: public ones only. */
export function findPublicPlace(db: Db, urlpoint: string) {
  return db
    .selectFrom('map_locations')
    .select(['id', 'urlpoint', 'name'])
    .where('urlpoint', '=', urlpoint)
    .where('status', '=', 'public')
    .executeTakeFirst();
}

/** The newest reviews of a place (last edited first) with their authors. */
export function listReviews(db: Db, locationId: string, limit: number) {
  return db
    .selectFrom('map_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.user_id',
      'u.username',
      'u.img_profile',
      'r.stars',
      'r.text',
      sql<string>`to_char(r.stayed, 'YYYY-MM-DD')`.as('stayed'),
      'r.updated_at',
    ])
    .where('r.location_id', '=', locationId)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(limit)
    .execute();
}

/** The latest wall posts from a place that the caller may see (posts_location). */
export function listPlacePosts(db: Db, locationId: string, viewerId: string | null, limit: number) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.url', 'p.media', 'u.username'])
    .where('p.location_id', '=', locationId)
    .where('p.hidden_at', 'is', null)
    .$if(viewerId !== null, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('post_reports as r')
              .select('r.post_id')
              .whereRef('r.post_id', '=', 'p.id')
              .where('r.user_id', '=', viewerId!),
          ),
        ),
      ),
    )
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

export interface NewLocationRow {
  urlpoint: string;
  kind: MapKind;
  name: string;
  description: string;
  lat: number;
  lng: number;
  municipality: string;
  province: string;
  services: readonly MapService[];
  price: number | null;
  season: string;
  maxStay: number | null;
  places: number | null;
  maxLength: number | null;
  maxHeight: number | null;
  /** Tonnes; left out: not stated. */
  maxWeight?: number | null;
  /** Months open as a mask (seasons.ts); left out: not stated. */
  monthsOpen?: number | null;
  surface: string;
  photos?: string[];
  authorId: string | null;
  status: 'draft' | 'public';
  createdAt?: Date;
}

const locationValues = (row: NewLocationRow) => ({
  urlpoint: row.urlpoint,
  kind: row.kind,
  name: row.name,
  description: row.description,
  lat: row.lat,
  lng: row.lng,
  municipality: row.municipality,
  province: row.province,
  services: textArray(row.services),
  price: row.price,
  season: row.season,
  max_stay: row.maxStay,
  places: row.places,
  max_length: row.maxLength,
  max_height: row.maxHeight,
  max_weight: row.maxWeight ?? null,
  months_open: row.monthsOpen ?? null,
  surface: row.surface,
  photos: textArray(row.photos ?? []),
  author_id: row.authorId,
  status: row.status,
  ...(row.createdAt ? { created_at: row.createdAt, updated_at: row.createdAt } : {}),
});

/** Inserts a place; a taken urlpoint throws the unique violation (the service tries the next one). */
export function insertLocation(db: Db, row: NewLocationRow) {
  return db.insertInto('map_locations').values(locationValues(row)).returning('id').executeTakeFirstOrThrow();
}

/** Many places at once (the demo seed); urlpoints must be unique already. */
export async function insertLocations(db: Db, rows: NewLocationRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('map_locations')
      .values(rows.slice(i, i + 500).map(locationValues))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Locks a place for a change of its counters or status, answering what the change needs. */
export function lockLocation(db: Db, locationId: string) {
  return db
    .selectFrom('map_locations')
    .select(['id', 'status', 'author_id', 'confirmations'])
    .where('id', '=', locationId)
    .forUpdate()
    .executeTakeFirst();
}

/** True when this call added the user's confirmation (false: they had confirmed it before). */
export async function addConfirmation(db: Db, locationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insertInto('map_confirmations')
    .values({ location_id: locationId, user_id: userId })
    .onConflict((oc) => oc.columns(['location_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Counts one more confirmation; the place turns public once they reach `threshold`. */
export function countConfirmation(db: Db, locationId: string, threshold: number) {
  return db
    .updateTable('map_locations')
    .set({
      confirmations: sql`confirmations + 1`,
      status: sql`case when confirmations + 1 >= ${threshold} then 'public' else status end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', locationId)
    .returning(['status', 'confirmations'])
    .executeTakeFirstOrThrow();
}

export function approveLocation(db: Db, locationId: string) {
  return db
    .updateTable('map_locations')
    .set({ status: 'public', updated_at: sql`now()` })
    .where('id', '=', locationId)
    .execute();
}

/** The user's review of a place, locked until the transaction ends; undefined when they have none. */
export function lockReview(db: Db, locationId: string, userId: string) {
  return db
    .selectFrom('map_reviews')
    .select('stars')
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export interface ReviewValues {
  stars: number;
  text: string;
  stayed: string;
}

/** True when this call wrote the first review of this user here (false: a concurrent one came first). */
export async function insertReview(db: Db, locationId: string, userId: string, review: ReviewValues) {
  const rows = await db
    .insertInto('map_reviews')
    .values({ location_id: locationId, user_id: userId, ...review })
    .onConflict((oc) => oc.columns(['location_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export function updateReview(db: Db, locationId: string, userId: string, review: ReviewValues) {
  return db
    .updateTable('map_reviews')
    .set({ ...review, updated_at: sql`now()` })
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Moves the rating's sum by `starsDelta` and the count by `countDelta`, in the review's transaction. */
export function shiftRating(db: Db, locationId: string, starsDelta: number, countDelta: 0 | 1) {
  return db
    .updateTable('map_locations')
    .set({
      rating_sum: sql`rating_sum + ${starsDelta}`,
      reviews_count: sql`reviews_count + ${countDelta}`,
    })
    .where('id', '=', locationId)
    .execute();
}

/** One report per user and place: sending again replaces the reason. */
export function upsertReport(db: Db, locationId: string, userId: string, reason: string) {
  return db
    .insertInto('map_reports')
    .values({ location_id: locationId, user_id: userId, reason })
    .onConflict((oc) =>
      oc.columns(['location_id', 'user_id']).doUpdateSet({ reason, created_at: sql`now()` }),
    )
    .execute();
}

/** The great-circle distance in km (earth radius 6371 km, spec §9) from a point to a row's `lat`, `lng`. */
export const greatCircleKm = (lat: number, lng: number) =>
  sql<number>`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
      power(sin(radians(lat - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(lat)) * power(sin(radians(lng - ${lng}::float8) / 2), 2))))`;

/** The box around a point that holds its disc of `km`, in degrees: what map_locations_box reads. */
export function boxAround(lat: number, lng: number, km: number) {
  const dLat = km / 111.19;
  const dLng = km / (111.19 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { s: lat - dLat, n: lat + dLat, w: lng - dLng, e: lng + dLng };
}

/**
 * Public places within `km` of a point, nearest first: a box around it on map_locations_box, then the
 * great-circle distance of the few inside.
 */
export function selectNearby(db: Db, lat: number, lng: number, km: number, limit: number) {
  const box = boxAround(lat, lng, km);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('map_locations')
        .select(['urlpoint', 'name', greatCircleKm(lat, lng).as('km')])
        .where('status', '=', 'public')
        .where('lat', '>=', box.s)
        .where('lat', '<=', box.n)
        .where('lng', '>=', box.w)
        .where('lng', '<=', box.e)
        .as('near'),
    )
    .selectAll()
    .where('km', '<=', km)
    .orderBy('km')
    .orderBy('urlpoint')
    .limit(limit)
    .execute();
}

/** What a shared link's preview of a public place needs. */
export function findLocationForPage(db: Db, urlpoint: string) {
  return db
    .selectFrom('map_locations')
    .select(['urlpoint', 'name', 'description', 'municipality', 'province', 'photos'])
    .where('urlpoint', '=', urlpoint)
    .where('status', '=', 'public')
    .executeTakeFirst();
}

// ---------------------------------------------------------------- moderation of reported places

export interface ReportedPlaceRow {
  id: string;
  urlpoint: string;
  name: string;
  kind: string;
  status: string;
  reports: number;
  reasons: Array<{ username: string | null; reason: string; date: string }>;
}

/** Places with reports, the most recently reported first, each with its latest `reasonsEach` reasons. */
export async function selectReportedPlaces(db: Db, limit: number, reasonsEach: number) {
  const { rows } = await sql<ReportedPlaceRow>`
    select l.id::text as id, l.urlpoint, l.name, l.kind, l.status, r.reports,
      (select coalesce(json_agg(json_build_object('username', u.username, 'reason', x.reason,
                'date', to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
              order by x.created_at desc), '[]')
         from (select * from map_reports where location_id = l.id order by created_at desc limit ${reasonsEach}) x
         left join users u on u.id = x.user_id) as reasons
    from (select location_id, count(*)::int as reports, max(created_at) as last
          from map_reports group by location_id) r
    join map_locations l on l.id = r.location_id
    order by r.last desc, l.id
    limit ${limit}`.execute(db);
  return rows;
}

export function deleteReports(db: Db, locationId: string) {
  return db.deleteFrom('map_reports').where('location_id', '=', locationId).execute();
}

/** Deletes the place (its reviews, confirmations and reports go with it); answers its photos. */
export async function deleteLocation(db: Db, locationId: string): Promise<string[] | null> {
  const row = await db
    .deleteFrom('map_locations')
    .where('id', '=', locationId)
    .returning('photos')
    .executeTakeFirst();
  return row ? row.photos : null;
}
