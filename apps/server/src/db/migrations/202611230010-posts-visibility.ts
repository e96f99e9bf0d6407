import { sql, type Kysely } from 'kysely';

/**
 * Whether a post is visible to a caller (not hidden, or theirs) answered from an index alone. A hashtag
 * page checks each post of post_hashtags_pk this way, and a logged-in caller's wall walks it: with the
 * author's hidden posts visible to them, posts_wall (partial on hidden_at is null) no longer serves
 * those reads, and the primary key costs a heap visit per post (EXPLAIN on the bench database:
 * tag page at offset 1,200, 1,213 heap fetches → 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posts_visibility on posts (id) include (user_id, hidden_at)`.execute(db);
}
