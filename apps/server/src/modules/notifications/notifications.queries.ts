import { sql } from 'kysely';
import type { NotificationType } from '@nomadas/shared/answers';
import type { Db } from '../../db/database.js';

/** One notification as its cause identifies it (notifications_once): who, of what, by whom, on what. */
export interface NotificationKey {
  type: NotificationType;
  userId: string;
  actorId: string | null;
  postId?: string | null | undefined;
  commentId?: string | null | undefined;
}

/** The columns of notifications_once, the unique index an insert's `on conflict` names. */
export const NOTIFICATION_ONCE = [
  'user_id',
  'type',
  'actor_id',
  'post_id',
  'comment_id',
  'video_id',
] as const;

/**
 * Inserts the notifications that are not there yet and answers those it inserted.
 * notifications_once decides a race: of two requests for the same cause, one inserts and one finds it.
 */
export async function insertNotifications(
  db: Db,
  keys: NotificationKey[],
): Promise<Array<{ id: string; user_id: string; type: NotificationType }>> {
  if (keys.length === 0) return [];
  return db
    .insertInto('notifications')
    .values(
      keys.map((key) => ({
        type: key.type,
        user_id: key.userId,
        actor_id: key.actorId,
        post_id: key.postId ?? null,
        comment_id: key.commentId ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(NOTIFICATION_ONCE).doNothing())
    .returning(['id', 'user_id', 'type'])
    .execute();
}

/** Deletes the notifications of one cause, seen or not (walks notifications_once). */
/** Deletes the notification of this cause; true when there was one. */
export async function deleteNotification(db: Db, key: NotificationKey): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('user_id', '=', key.userId)
    .where('type', '=', key.type)
    .where((eb) => (key.actorId === null ? eb('actor_id', 'is', null) : eb('actor_id', '=', key.actorId)))
    .where((eb) => (key.postId == null ? eb('post_id', 'is', null) : eb('post_id', '=', key.postId)))
    .where((eb) =>
      key.commentId == null ? eb('comment_id', 'is', null) : eb('comment_id', '=', key.commentId),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Follow and friend notifications between two people, both ways (an unfollow ends them); answers whose went. */
export async function deleteFollowNotifications(
  db: Db,
  pairs: Array<{ userId: string; actorId: string; types: NotificationType[] }>,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or(
        pairs.map((pair) =>
          eb.and([
            eb('user_id', '=', pair.userId),
            eb('actor_id', '=', pair.actorId),
            eb('type', 'in', pair.types),
          ]),
        ),
      ),
    )
    .returning('user_id')
    .execute();
  return [...new Set(rows.map((row) => String(row.user_id)))];
}

/**
 * Makes the post's mention notifications match its post_mentions rows (just rewritten from its text):
 * users no longer mentioned lose theirs, newly mentioned ones get one. Answers the new recipients.
 */
export async function syncMentionNotifications(db: Db, postId: string, authorId: string): Promise<string[]> {
  await db
    .deleteFrom('notifications')
    .where('post_id', '=', postId)
    .where('type', '=', 'mention')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('post_mentions as m')
            .select('m.user_id')
            .where('m.post_id', '=', postId)
            .whereRef('m.user_id', '=', 'notifications.user_id'),
        ),
      ),
    )
    .execute();
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'actor_id', 'type', 'post_id'])
    .expression((eb) =>
      eb
        .selectFrom('post_mentions as m')
        .select([
          'm.user_id',
          eb.val(authorId).as('actor_id'),
          sql.lit('mention').as('type'),
          eb.val(postId).as('post_id'),
        ])
        .where('m.post_id', '=', postId)
        .where('m.user_id', '!=', authorId),
    )
    .onConflict((oc) => oc.columns(NOTIFICATION_ONCE).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Characters of a post's or comment's text a page reads: enough for its excerpt and to tell it goes on. */
export const EXCERPT_READ = 200;

/**
 * A page of the user's notifications, newest first (notifications_list), with the actor, the post,
 * the comment or the video (and its channel) each one is about: texts cut in SQL, so a page never carries whole posts.
 */
export function selectNotificationsPage(
  db: Db,
  userId: string,
  page: { olderThanId?: string | undefined; limit: number },
) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .$if(page.olderThanId !== undefined, (qb) => qb.where('id', '<', page.olderThanId!))
        .orderBy('id', 'desc')
        // A literal (a validated integer): a bound limit makes PostgreSQL re-plan each call.
        .limit(sql.lit(page.limit))
        .as('n'),
    )
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .leftJoin('videos as v', 'v.id', 'n.video_id')
    .leftJoin('channels as ch', 'ch.id', 'v.channel_id')
    .select([
      'n.id',
      'n.type',
      'n.created_at',
      'n.seen_at',
      'a.username as actor_username',
      'a.img_profile as actor_img',
      'p.url as post_url',
      'p.media as post_media',
      sql<string | null>`left(coalesce(p.edited_text, p.text), ${sql.lit(EXCERPT_READ)})`.as('post_text'),
      sql<string | null>`left(c.text, ${sql.lit(EXCERPT_READ)})`.as('comment_text'),
      'v.name as video_name',
      'v.title as video_title',
      'ch.url as channel_url',
    ])
    .orderBy('n.id', 'desc')
    .execute();
}
export type NotificationRow = Awaited<ReturnType<typeof selectNotificationsPage>>[number];

/** Pending ones, counted up to `max` through notifications_pending (a capped, index-only count). */
export async function countPending(db: Db, userId: string, max: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from notifications where user_id = ${userId} and seen_at is null limit ${sql.lit(max)}
    ) pending`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The same count for several users at once (after an action notified them). */
export async function countPendingOf(db: Db, userIds: string[], max: number) {
  const ids = sql`cast(${`{${userIds.join(',')}}`} as bigint[])`;
  const { rows } = await sql<{ user_id: string; n: number }>`
    select u.id::text as user_id, (
      select count(*)::int from (
        select 1 from notifications where user_id = u.id and seen_at is null limit ${sql.lit(max)}
      ) pending
    ) as n
    from unnest(${ids}) as u(id)`.execute(db);
  return rows;
}

/** Marks pending ones seen: all, or those up to `upToId` (the newest one the list showed). */
export async function markSeen(db: Db, userId: string, upToId: string | undefined): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ seen_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .$if(upToId !== undefined, (qb) => qb.where('id', '<=', upToId!))
    .execute();
}

/**
 * The notifications of content written straight into the tables (the demo seed): what its likes, comments,
 * replies, comment likes, follows, friendships and mentions would have told these users, each at its cause's
 * time and inserted in time order (the list reads by id); each person's `pendingEach` newest still pending,
 * the rest seen.
 * Mentions made while publishing are remade with the post's date.
 */
export async function insertDerivedNotifications(db: Db, userIds: string[], pendingEach: number) {
  const ids = sql`cast(${`{${userIds.join(',')}}`} as bigint[])`;
  await db
    .deleteFrom('notifications')
    .where('type', '=', 'mention')
    .where('user_id', '=', sql<string>`any(${ids})`)
    .execute();
  await sql`
    insert into notifications (user_id, actor_id, type, post_id, comment_id, created_at, seen_at)
    select user_id, actor_id, type, post_id, comment_id, created_at,
           case when row_number() over (partition by user_id order by created_at desc) > ${pendingEach}
                then created_at + interval '1 hour' end
    from (
      select p.user_id, l.user_id as actor_id, 'post_like' as type, p.id as post_id,
             null::bigint as comment_id, l.created_at
      from post_likes l join posts p on p.id = l.post_id
      union all
      select p.user_id, c.user_id, 'post_comment', p.id, c.id, c.created_at
      from comments c join posts p on p.id = c.post_id
      left join comments answered on answered.id = c.parent_id
      where answered.user_id is distinct from p.user_id
      union all
      select answered.user_id, c.user_id, 'comment_reply', c.post_id, c.id, c.created_at
      from comments c join comments answered on answered.id = c.parent_id
      union all
      select c.user_id, l.user_id, 'comment_like', c.post_id, c.id, l.created_at
      from comment_likes l join comments c on c.id = l.comment_id
      union all
      select followed_id, follower_id, 'follow', null, null, created_at from follows
      union all
      -- The later of two mutual follows made the friendship: the one followed back hears of it.
      select later.followed_id, later.follower_id, 'friend', null, null, later.created_at
      from follows later join follows earlier
        on earlier.follower_id = later.followed_id and earlier.followed_id = later.follower_id
      where (later.created_at, later.follower_id) > (earlier.created_at, earlier.follower_id)
      union all
      select m.user_id, p.user_id, 'mention', p.id, null, p.created_at
      from post_mentions m join posts p on p.id = m.post_id
    ) caused
    where user_id = any(${ids}) and actor_id = any(${ids}) and user_id <> actor_id
    order by created_at
    on conflict do nothing`.execute(db);
}
