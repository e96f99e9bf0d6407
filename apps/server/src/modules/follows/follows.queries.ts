import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function findUserIdByUsername(db: Db, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

export function insertFollow(db: Db, followerId: string, followedId: string) {
  return db
    .insertInto('follows')
    .values({ follower_id: followerId, followed_id: followedId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function deleteFollow(db: Db, followerId: string, followedId: string) {
  return db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followed_id', '=', followedId)
    .execute();
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
