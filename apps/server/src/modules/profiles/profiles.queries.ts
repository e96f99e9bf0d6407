import { sql, type RawBuilder } from 'kysely';
import type { FollowsListName } from '@nomadas/shared/schemas';
import type { Db } from '../../db/database.js';

/** Whether `followerId` follows the user in column `followed` (false for a visitor). */
const follows = (followerId: string | null, followed: string): RawBuilder<boolean> =>
  followerId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from follows vf where vf.follower_id = ${followerId} and vf.followed_id = ${sql.ref(followed)})`;

/**
 * A profile with the counts of its header, each an index-only count (posts_user, follows_followed,
 * follows_pk), the viewer's relation to them, and their video channel if they have one.
 */
export function findProfile(db: Db, username: string, viewerId: string | null) {
  return db
    .selectFrom('users as u')
    .leftJoin('channels as ch', 'ch.owner_id', 'u.id')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.description',
      'u.img_profile',
      'u.img_cover',
      'ch.url as channel_url',
      'ch.name as channel_name',
      'ch.avatar as channel_avatar',
      eb
        .selectFrom('posts')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('posts.user_id', '=', 'u.id')
        .where('posts.hidden_at', 'is', null)
        .as('posts_count'),
      eb
        .selectFrom('follows')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('follows.followed_id', '=', 'u.id')
        .as('followers_count'),
      eb
        .selectFrom('follows')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('follows.follower_id', '=', 'u.id')
        .as('following_count'),
      follows(viewerId, 'u.id').as('followed_by_viewer'),
      (viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from follows back where back.follower_id = u.id and back.followed_id = ${viewerId})`
      ).as('follows_viewer'),
    ])
    .where('u.username', '=', username)
    .executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** A profile's shared link (/perfil/{name}): what its page head shows. */
export function findProfileForPage(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['username', 'description', 'img_profile', 'img_cover'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export function findUserIdByUsername(db: Db, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

/**
 * A page of `userId`'s followers or of the people they follow, newest first, walking
 * follows_followers_recent / follows_following_recent: a page costs the same whatever the list's size.
 */
export function listFollows(
  db: Db,
  list: FollowsListName,
  userId: string,
  viewerId: string | null,
  page: { offset: number; limit: number },
) {
  const own = list === 'followers' ? 'f.followed_id' : 'f.follower_id';
  const other = list === 'followers' ? 'f.follower_id' : 'f.followed_id';
  return (
    db
      .selectFrom('follows as f')
      .innerJoin('users as p', 'p.id', other)
      .select(['p.username', 'p.img_profile', follows(viewerId, 'p.id').as('followed_by_viewer')])
      .where(own, '=', userId)
      // The index's own order (created_at desc, then the other id ascending): no sort, whatever the list's size.
      .orderBy('f.created_at', 'desc')
      .orderBy(other, 'asc')
      .offset(page.offset)
      .limit(page.limit)
      .execute()
  );
}

/**
 * The viewer's friends (people they follow who follow them back), the most recent friendship first: a
 * friendship starts when the second of its two follows is made.
 */
export function listFriends(db: Db, viewerId: string, limit: number) {
  return db
    .selectFrom('follows as mine')
    .innerJoin('follows as theirs', (join) =>
      join
        .onRef('theirs.follower_id', '=', 'mine.followed_id')
        .onRef('theirs.followed_id', '=', 'mine.follower_id'),
    )
    .innerJoin('users as p', 'p.id', 'mine.followed_id')
    .select(['p.username', 'p.img_profile'])
    .where('mine.follower_id', '=', viewerId)
    .orderBy(sql`greatest(mine.created_at, theirs.created_at)`, 'desc')
    .orderBy('mine.followed_id', 'desc')
    .limit(limit)
    .execute();
}
