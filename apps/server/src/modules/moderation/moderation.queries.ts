import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserRole } from '../../db/schema.js';

export async function findUserRole(db: Db, userId: string): Promise<UserRole | undefined> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role;
}

/**
 * Gives `username`'s account the moderator role unless MODERATORS granted that name before (to this account or
 * to one since deleted): 'granted', 'granted-before', or 'no-account' when nobody holds the name.
 */
export function grantListedModerator(db: Db, username: string) {
  return db.transaction().execute(async (trx) => {
    const granted = await trx
      .selectFrom('listed_moderators')
      .select('username')
      .where('username', '=', username)
      .executeTakeFirst();
    if (granted) return 'granted-before' as const;
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) return 'no-account' as const;
    // Two instances starting at once: one inserts the name, the other finds it taken and leaves it.
    const inserted = await trx
      .insertInto('listed_moderators')
      .values({ username, user_id: user.id })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('username')
      .executeTakeFirst();
    if (!inserted) return 'granted-before' as const;
    await trx.updateTable('users').set({ role: 'moderator' }).where('id', '=', user.id).execute();
    return 'granted' as const;
  });
}

/** Posts hidden by reports, most recently hidden first (posts_pending index). */
export function selectPendingPosts(db: Db, page: { offset: number; limit: number }) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.url',
      'p.media',
      'p.media_width',
      'p.media_height',
      'p.text',
      'p.edited_text',
      'p.created_at',
      'p.hidden_at',
      'p.reports_count',
      'p.report_weight',
      'u.username',
      'u.img_profile',
    ])
    .where('p.hidden_at', 'is not', null)
    .orderBy('p.hidden_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
export type PendingPostRow = Awaited<ReturnType<typeof selectPendingPosts>>[number];

export async function countPendingPosts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select(sql<string>`count(*)`.as('total'))
    .where('hidden_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A post a moderator acts on, pending or not. */
export function findPostForReview(db: Db, url: string) {
  return db
    .selectFrom('posts')
    .select(['id', 'url', 'user_id', 'hidden_at', 'reports_count', 'report_weight'])
    .where('url', '=', url)
    .executeTakeFirst();
}
export type ReviewedPost = NonNullable<Awaited<ReturnType<typeof findPostForReview>>>;

/** Back on the wall with a clean slate: its reports go, so new reports start from zero. False if no longer pending. */
export async function restorePost(db: Db, postId: string, moderatorId: string): Promise<boolean> {
  const restored = await db
    .updateTable('posts')
    .set({
      hidden_at: null,
      reports_count: 0,
      report_weight: 0,
      reviewed_at: sql`now()`,
      reviewed_by: moderatorId,
    })
    .where('id', '=', postId)
    .where('hidden_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  if (!restored) return false;
  await db.deleteFrom('post_reports').where('post_id', '=', postId).execute();
  return true;
}

/** Deletes a pending post (comments, likes, reports and links cascade); undefined if no longer pending. */
export function deletePendingPost(db: Db, postId: string) {
  return db
    .deleteFrom('posts')
    .where('id', '=', postId)
    .where('hidden_at', 'is not', null)
    .returning('media')
    .executeTakeFirst();
}

export function insertLogEntry(
  db: Db,
  entry: { action: 'restore' | 'remove'; post: ReviewedPost; moderatorId: string },
) {
  return db
    .insertInto('moderation_log')
    .values({
      action: entry.action,
      post_url: entry.post.url,
      author_id: entry.post.user_id,
      moderator_id: entry.moderatorId,
      reports_count: entry.post.reports_count,
      report_weight: entry.post.report_weight,
    })
    .execute();
}
