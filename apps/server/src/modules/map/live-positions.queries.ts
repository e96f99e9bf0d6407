import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Live positions (live_positions): the latest already-obfuscated point of each user who shares it.
// A row counts only while it is fresh (updated within `forgetMs`) and its `until_at` has not passed.

const HOUR_MS = 3600_000;

export interface PositionValues {
  lat: number;
  lng: number;
  type: 1 | 2;
  /** Epoch ms the sharing ends at; capped at 24 h from now, 1 h when missing. */
  until: number | undefined;
}

/** Writes the user's latest point (one row each) and answers the type it had before (0: none). */
export async function upsertPosition(db: Db, userId: string, position: PositionValues): Promise<number> {
  const previous = await db
    .selectFrom('live_positions')
    .select('type')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const until =
    position.until === undefined
      ? sql<Date>`now() + ${sql.lit(`${HOUR_MS} milliseconds`)}::interval`
      : sql<Date>`least(to_timestamp(${position.until}::float8 / 1000), now() + interval '24 hours')`;
  await db
    .insertInto('live_positions')
    .values({ user_id: userId, lat: position.lat, lng: position.lng, type: position.type, until_at: until })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        lat: position.lat,
        lng: position.lng,
        type: position.type,
        until_at: until,
        updated_at: sql`now()`,
      }),
    )
    .execute();
  return previous?.type ?? 0;
}

/** Type 0: the point goes at once; answers the type it had (0: there was none). */
export async function deletePosition(db: Db, userId: string): Promise<number> {
  const row = await db
    .deleteFrom('live_positions')
    .where('user_id', '=', userId)
    .returning('type')
    .executeTakeFirst();
  return row?.type ?? 0;
}

/** Points past their `until_at` or not updated for `forgetMs`, deleted, with whose they were. */
export async function deleteStalePositions(db: Db, forgetMs: number) {
  const { rows } = await sql<{ user_id: string; type: number; username: string; img_profile: string }>`
    with gone as (
      delete from live_positions
      where until_at <= now() or updated_at <= now() - ${sql.lit(`${forgetMs} milliseconds`)}::interval
      returning user_id, type
    )
    select gone.user_id::text as user_id, gone.type, u.username, u.img_profile
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

/** The user's own name and image, as frames carry them. */
export function findSharer(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['username', 'img_profile'])
    .where('id', '=', userId)
    .executeTakeFirst();
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
    .where('lp.updated_at', '>', sql<Date>`now() - ${sql.lit(`${forgetMs} milliseconds`)}::interval`)
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

/** Of these users, those sharing with friends now (a friendship change concerns only them). */
export async function sharingWithFriends(db: Db, userIds: string[], forgetMs: number) {
  return db
    .selectFrom('live_positions as lp')
    .innerJoin('users as u', 'u.id', 'lp.user_id')
    .select(['lp.user_id', 'u.username', 'u.img_profile', 'lp.lat', 'lp.lng'])
    .where('lp.user_id', 'in', userIds)
    .where('lp.type', '=', 1)
    .where('lp.until_at', '>', sql<Date>`now()`)
    .where('lp.updated_at', '>', sql<Date>`now() - ${sql.lit(`${forgetMs} milliseconds`)}::interval`)
    .execute();
}
