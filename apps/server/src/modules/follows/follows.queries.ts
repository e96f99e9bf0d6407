import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function findUserIdByUsername(db: Db, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

/** True when this call added the follow (false: it was there already). */
export async function insertFollow(db: Db, followerId: string, followedId: string): Promise<boolean> {
  const rows = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followed_id: followedId })
    .onConflict((oc) => oc.doNothing())
    .returning('follower_id')
    .execute();
  return rows.length > 0;
}

/** True when this call removed the follow (false: there was none). */
export async function deleteFollow(db: Db, followerId: string, followedId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followed_id', '=', followedId)
    .returning('follower_id')
    .execute();
  return rows.length > 0;
}

export async function followExists(db: Db, followerId: string, followedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followed_id', '=', followedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Lock namespace of a pair of users (first key of pg_advisory_xact_lock's two-key form). */
const FOLLOW_PAIR_LOCK = 7_001;

/**
 * Serializes, until the transaction ends, every follow change between two users whichever way it goes: the
 * change made second then sees the first one committed, so a mutual follow is seen by exactly one side.
 */
export async function lockFollowPair(db: Db, a: string, b: string): Promise<void> {
  const [low, high] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  await sql`select pg_advisory_xact_lock(${FOLLOW_PAIR_LOCK}, hashtext(${`${low}:${high}`}))`.execute(db);
}

/** Id, username and image of some users (the two sides of a friendship change). */
export function findUsersByIds(db: Db, ids: string[]) {
  return db.selectFrom('users').select(['id', 'username', 'img_profile']).where('id', 'in', ids).execute();
}

/**
 * Users worth following: the ones who posted most recently, not the viewer, not the product's account,
 * not already followed. One indexed walk down the wall, so it stays cheap at any size.
 */
export function listRecommendedUsers(db: Db, viewerId: string | null, limit: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('posts')
        .select(['user_id', sql<string>`max(posts.id)`.as('last_post')])
        .where('hidden_at', 'is', null)
        .where('id', '>', (sub) =>
          sub.selectFrom('posts').select(sql<string>`coalesce(max(id), 0) - 5000`.as('floor')),
        )
        .groupBy('user_id')
        .as('active'),
    )
    .innerJoin('users', 'users.id', 'active.user_id')
    .select(['users.username', 'users.img_profile'])
    .where('users.is_official', '=', false)
    .$if(viewerId !== null, (qb) =>
      qb
        .where('users.id', '!=', viewerId!)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('follows')
                .select('follows.followed_id')
                .where('follows.follower_id', '=', viewerId!)
                .whereRef('follows.followed_id', '=', 'users.id'),
            ),
          ),
        ),
    )
    .orderBy('active.last_post', 'desc')
    .limit(limit)
    .execute();
}
