import { sql, type Kysely } from 'kysely';

/** A reader's comment likes, read whole with their other marks (posts/wall/viewer-marks.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index comment_likes_user on comment_likes (user_id, comment_id)`.execute(db);
}
