import { sql } from 'kysely';
import { REPORT_WEIGHT } from '@nomadas/shared';
import type { Db } from '../../db/database.js';

// Each like or report row changes together with its counter, in the caller's transaction: the
// row's primary key decides who won a race, so the counter can never drift from the rows.

export async function removePostLike(db: Db, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('post_likes')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function addPostLike(db: Db, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insertInto('post_likes')
    .values({ post_id: postId, user_id: userId })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function hasPostLike(db: Db, postId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('post_likes')
    .select('user_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the like counter by `delta` (0 reads it) and answers the new value. */
export async function shiftPostLikes(db: Db, postId: string, delta: -1 | 0 | 1): Promise<number> {
  if (delta === 0) {
    const row = await db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    return row.likes_count;
  }
  const row = await db
    .updateTable('posts')
    .set({ likes_count: sql`likes_count + ${delta}` })
    .where('id', '=', postId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}

/**
 * Records the user's report with its weight (a quarter from an account younger than a day, see
 * REPORT_WEIGHT) and answers that weight; undefined when this user had reported the post before.
 */
export async function addPostReport(db: Db, postId: string, userId: string): Promise<number | undefined> {
  const row = await db
    .insertInto('post_reports')
    .columns(['post_id', 'user_id', 'weight'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          eb.val(postId).as('post_id'),
          'users.id',
          sql<number>`case when users.created_at > now() - make_interval(hours => ${REPORT_WEIGHT.newAccountHours})
            then cast(${REPORT_WEIGHT.newAccount} as double precision)
            else cast(${REPORT_WEIGHT.established} as double precision) end`.as('weight'),
        ])
        .where('users.id', '=', userId),
    )
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('weight')
    .executeTakeFirst();
  return row?.weight;
}

/** Counts one more report; the post leaves the wall (pending review) once the weights reach `threshold`. */
export function countPostReport(db: Db, postId: string, weight: number, threshold: number) {
  return db
    .updateTable('posts')
    .set({
      reports_count: sql`reports_count + 1`,
      report_weight: sql`report_weight + ${weight}`,
      hidden_at: sql`case when hidden_at is null and report_weight + ${weight} >= ${threshold} then now() else hidden_at end`,
    })
    .where('id', '=', postId)
    .execute();
}
