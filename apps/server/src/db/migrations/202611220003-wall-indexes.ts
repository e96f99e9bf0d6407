import { sql, type Kysely } from 'kysely';

/** Indexes for the wall's reads that the first wall migration did not cover. */
export async function up(db: Kysely<any>): Promise<void> {
  // Photos are stored by content hash and may be shared: a post's files are deleted only when no other post uses them.
  await db.schema.createIndex('posts_media').on('posts').column('media').execute();
  // The feed's preview of the latest top-level comments of each post on the page.
  await sql`create index comments_top on comments (post_id, id desc) where parent_id is null`.execute(db);
}
