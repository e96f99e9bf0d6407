import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export type CommentScope = ExpressionBuilder<Database & { c: Database['comments'] }, 'c'>;

/** Whether the caller likes comment `c` (never, for a visitor). */
export function likedByViewer<Alias extends string>(eb: CommentScope, viewerId: string | null, alias: Alias) {
  if (viewerId === null) return sql<boolean>`false`.as(alias);
  return eb
    .exists(
      eb
        .selectFrom('comment_likes as cl')
        .select(eb.lit(1).as('one'))
        .whereRef('cl.comment_id', '=', 'c.id')
        .where('cl.user_id', '=', viewerId),
    )
    .as(alias);
}

/**
 * A page of a post's top-level comment ids, newest first and older than `before` when given (comments_top);
 * one more than `limit`, which tells whether older ones remain.
 */
export function selectTopCommentIds(db: Db, postId: string, before: string | null, limit: number) {
  return db
    .selectFrom('comments')
    .select('id')
    .where('post_id', '=', postId)
    .where('parent_id', 'is', null)
    .$if(before !== null, (qb) => qb.where('id', '<', before!))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** These top-level comments and all their replies, oldest first, with author and the caller's like. */
export function selectCommentThreads(db: Db, topIds: string[], viewerId: string | null) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.parent_id', 'c.text', 'c.likes_count', 'c.created_at', 'u.username', 'u.img_profile'])
    .select((eb) => likedByViewer(eb, viewerId, 'liked'))
    .where((eb) => eb.or([eb('c.id', 'in', topIds), eb('c.parent_id', 'in', topIds)]))
    .orderBy('c.id', 'asc')
    .execute();
}

/**
 * A post's latest `perPost` top-level comments (comments_top), newest first, for a lateral join from
 * posts `p`: the wall's comment previews.
 */
export function latestTopComments(
  eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>,
  perPost: number,
) {
  return (
    eb
      .selectFrom('comments')
      .select([
        'comments.id',
        'comments.user_id',
        'comments.text',
        'comments.likes_count',
        'comments.created_at',
      ])
      .whereRef('comments.post_id', '=', 'p.id')
      .where('comments.parent_id', 'is', null)
      .orderBy('comments.id', 'desc')
      // A literal (a server constant, never user input): a bound limit makes PostgreSQL re-plan each call.
      .limit(sql.lit(perPost))
      .as('c')
  );
}

/** How many replies comment `c` has. */
export function replyCount<Alias extends string>(eb: CommentScope, alias: Alias) {
  return eb
    .selectFrom('comments as r')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('r.parent_id', '=', 'c.id')
    .as(alias);
}

/** A comment with what access checks need: its author, its post and whether that post is hidden. */
export function findComment(db: Db, commentId: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.id', 'c.post_id', 'c.user_id', 'c.parent_id', 'p.hidden_at as post_hidden_at'])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
}

/** Locks the comment: a reply being added under it waits (its foreign key check needs this row). */
export function lockComment(db: Db, commentId: string) {
  return db
    .selectFrom('comments')
    .select(['id', 'post_id'])
    .where('id', '=', commentId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertComment(
  db: Db,
  comment: { postId: string; userId: string; parentId: string | null; text: string },
) {
  return db
    .insertInto('comments')
    .values({
      post_id: comment.postId,
      user_id: comment.userId,
      parent_id: comment.parentId,
      text: comment.text,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** A comment and its replies; answers how many rows went. */
export async function deleteCommentThread(db: Db, commentId: string): Promise<number> {
  const rows = await db
    .deleteFrom('comments')
    .where((eb) => eb.or([eb('id', '=', commentId), eb('parent_id', '=', commentId)]))
    .returning('id')
    .execute();
  return rows.length;
}

/** posts.comments_count counts replies too; moved in the same transaction as the rows. */
export async function shiftPostComments(db: Db, postId: string, delta: number): Promise<number> {
  const row = await db
    .updateTable('posts')
    .set({ comments_count: sql`comments_count + ${delta}` })
    .where('id', '=', postId)
    .returning('comments_count')
    .executeTakeFirstOrThrow();
  return row.comments_count;
}

export async function removeCommentLike(db: Db, commentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('comment_likes')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function addCommentLike(db: Db, commentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insertInto('comment_likes')
    .values({ comment_id: commentId, user_id: userId })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function hasCommentLike(db: Db, commentId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('comment_likes')
    .select('user_id')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the comment's like counter by `delta` (0 reads it) and answers the new value. */
export async function shiftCommentLikes(db: Db, commentId: string, delta: -1 | 0 | 1): Promise<number> {
  if (delta === 0) {
    const row = await db
      .selectFrom('comments')
      .select('likes_count')
      .where('id', '=', commentId)
      .executeTakeFirstOrThrow();
    return row.likes_count;
  }
  const row = await db
    .updateTable('comments')
    .set({ likes_count: sql`likes_count + ${delta}` })
    .where('id', '=', commentId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}

export async function selectUserImage(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('img_profile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.img_profile;
}
