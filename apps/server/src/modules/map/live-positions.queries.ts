import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Live positions (live_positions): the latest point of each user who shares it, obfuscated by their browser
// and coarsened by the server. A row counts only while it is fresh (updated within `forgetMs`), its
// `until_at` has not passed and its type is 1 or 2 (0: hidden, an empty row kept for the frame limit).

const HOUR_MS = 3600_000;
const milliseconds = (ms: number) => sql.lit(`${ms} milliseconds`);

export interface PositionValues {
  lat: number;
  lng: number;
  type: 1 | 2;
  /** Epoch ms the sharing ends at; capped at 24 h from now, 1 h when missing. */
  until: number | undefined;
}

/** A stored point as it was before a write: type 0 (and 0, 0) when hidden or none. */
export interface StoredPoint {
  type: number;
  lat: number;
  lng: number;
}

/**
 * Writes the user's latest point (one row each), unless their last one was taken less than `minIntervalMs`
 * ago and this one does not narrow who sees it (2 → 1): the row's `updated_at` is the limit on every
 * instance, and a point that did not move still refreshes it (it keeps the row fresh). One statement:
 * whether it was taken, the user's name and image, and the point as it was.
 */
export async function savePosition(db: Db, userId: string, position: PositionValues, minIntervalMs: number) {
  const until =
    position.until === undefined
      ? sql<Date>`now() + ${milliseconds(HOUR_MS)}::interval`
      : sql<Date>`least(to_timestamp(${position.until}::float8 / 1000), now() + interval '24 hours')`;
  const { rows } = await sql<{ saved: boolean; username: string; img_profile: string } & StoredPoint>`
    with me as (select id, username, img_profile from users where id = ${userId}),
    before as (select type, lat, lng from live_positions where user_id = ${userId}),
    saved as (
      insert into live_positions (user_id, lat, lng, type, until_at)
      select me.id, ${position.lat}, ${position.lng}, ${position.type}, ${until} from me
      on conflict (user_id) do update
        set lat = excluded.lat, lng = excluded.lng, type = excluded.type, until_at = excluded.until_at,
            updated_at = now()
        where live_positions.updated_at <= now() - ${milliseconds(minIntervalMs)}::interval
           or excluded.type < live_positions.type
      returning user_id)
    select exists (select 1 from saved) as saved, me.username, me.img_profile,
           coalesce(before.type, 0)::int as type, coalesce(before.lat, 0) as lat, coalesce(before.lng, 0) as lng
    from me left join before on true`.execute(db);
  return rows[0];
}

/**
 * Type 0: the point goes at once (its row stays empty, type 0, with its `updated_at`); answers the point as
 * it was and whose it was, or undefined when it was hidden already.
 */
export async function hidePosition(db: Db, userId: string) {
  const { rows } = await sql<{ username: string; img_profile: string } & StoredPoint>`
    with before as (select user_id, type, lat, lng from live_positions where user_id = ${userId} and type <> 0)
    update live_positions lp set type = 0, lat = 0, lng = 0 from before join users u on u.id = before.user_id
    where lp.user_id = before.user_id
    returning before.type, before.lat, before.lng, u.username, u.img_profile`.execute(db);
  return rows[0];
}

/** Points past their `until_at` or not updated for `forgetMs`, deleted, with whose and where they were. */
export async function deleteStalePositions(db: Db, forgetMs: number) {
  const { rows } = await sql<{ user_id: string; username: string; img_profile: string } & StoredPoint>`
    with gone as (
      delete from live_positions
      where until_at <= now() or updated_at <= now() - ${milliseconds(forgetMs)}::interval
      returning user_id, type, lat, lng
    )
    select gone.user_id::text as user_id, gone.type, gone.lat, gone.lng, u.username, u.img_profile
    from gone join users u on u.id = gone.user_id`.execute(db);
  return rows;
}

/** Ids of the user's friends (they follow each other), leaving out anyone either of them blocked. */
export async function friendIds(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select f.followed_id::text as id from follows f
    where f.follower_id = ${userId}
      and exists (select 1 from follows g where g.follower_id = f.followed_id and g.followed_id = ${userId})
      and not exists (select 1 from chat_blocks b where (b.blocker_id = ${userId} and b.blocked_id = f.followed_id)
                                                   or (b.blocker_id = f.followed_id and b.blocked_id = ${userId}))`.execute(
    db,
  );
  return rows.map((row) => row.id);
}

/** Ids of whoever the user blocked or was blocked by (they see nothing of each other). */
export async function blockedIds(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select blocked_id::text as id from chat_blocks where blocker_id = ${userId}
    union select blocker_id::text from chat_blocks where blocked_id = ${userId}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * The live points `viewerId` may see now: fresh and unexpired, shared with everybody, or with friends
 * and they are friends at this moment; never between users who blocked each other. Newest first.
 */
export function selectVisiblePositions(db: Db, viewerId: string, forgetMs: number, limit: number) {
  return db
    .selectFrom('live_positions as lp')
    .innerJoin('users as u', 'u.id', 'lp.user_id')
    .select(['u.username', 'u.img_profile', 'lp.lat', 'lp.lng', 'lp.type', 'lp.updated_at'])
    .where('lp.user_id', '!=', viewerId)
    .where('lp.until_at', '>', sql<Date>`now()`)
    .where('lp.updated_at', '>', sql<Date>`now() - ${milliseconds(forgetMs)}::interval`)
    .where((eb) =>
      eb.or([
        eb('lp.type', '=', 2),
        eb.and([
          eb('lp.type', '=', 1),
          eb.exists(
            eb
              .selectFrom('follows as f')
              .select('f.follower_id')
              .where('f.follower_id', '=', viewerId)
              .whereRef('f.followed_id', '=', 'lp.user_id'),
          ),
          eb.exists(
            eb
              .selectFrom('follows as g')
              .select('g.follower_id')
              .whereRef('g.follower_id', '=', 'lp.user_id')
              .where('g.followed_id', '=', viewerId),
          ),
        ]),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_blocks as b')
            .select('b.blocker_id')
            .where((b) =>
              b.or([
                b.and([b('b.blocker_id', '=', viewerId), b('b.blocked_id', '=', b.ref('lp.user_id'))]),
                b.and([b('b.blocked_id', '=', viewerId), b('b.blocker_id', '=', b.ref('lp.user_id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('lp.updated_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Of two users, those sharing with friends now (a friendship change concerns only them); none when either
 * blocked the other, who see nothing of each other whatever their friendship.
 */
export async function sharingWithFriends(db: Db, users: [string, string], forgetMs: number) {
  return db
    .selectFrom('live_positions as lp')
    .innerJoin('users as u', 'u.id', 'lp.user_id')
    .select(['lp.user_id', 'u.username', 'u.img_profile', 'lp.lat', 'lp.lng'])
    .where('lp.user_id', 'in', users)
    .where('lp.type', '=', 1)
    .where('lp.until_at', '>', sql<Date>`now()`)
    .where('lp.updated_at', '>', sql<Date>`now() - ${milliseconds(forgetMs)}::interval`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_blocks as b')
            .select('b.blocker_id')
            .where('b.blocker_id', 'in', users)
            .where('b.blocked_id', 'in', users),
        ),
      ),
    )
    .execute();
}

/**
 * Of two users, the points each could see of the other before one blocked the other: shared with
 * everybody, or with friends while they follow each other (a block leaves the follows as they are).
 */
export async function pointsSeenAcross(db: Db, users: [string, string], forgetMs: number) {
  const [a, b] = users;
  const { rows } = await sql<{ user_id: string; username: string; img_profile: string }>`
    select lp.user_id::text as user_id, u.username, u.img_profile
    from live_positions lp join users u on u.id = lp.user_id
    where lp.user_id in (${a}, ${b}) and lp.until_at > now()
      and lp.updated_at > now() - ${milliseconds(forgetMs)}::interval
      and (lp.type = 2 or (lp.type = 1
        and exists (select 1 from follows where follower_id = ${a} and followed_id = ${b})
        and exists (select 1 from follows where follower_id = ${b} and followed_id = ${a})))`.execute(db);
  return rows;
}
