import { sql, type Kysely } from 'kysely';

/**
 * Notifications: who did what (`actor_id`, null for the product's own, like the welcome) to whose
 * content (`post_id`, `comment_id`), for whom (`user_id`). Each is a row of its cause: deleting the
 * post, the comment or either user takes it away, and undoing the action deletes it (see the service).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('post_id', 'bigint', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'bigint', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz')
    .addCheckConstraint(
      'notifications_type',
      sql`type in ('post_like', 'post_comment', 'comment_reply', 'comment_like', 'follow', 'friend', 'mention', 'channel_video', 'welcome')`,
    )
    .addCheckConstraint('notifications_not_self', sql`actor_id is distinct from user_id`)
    .execute();
  // One notification per cause: a repeated or racing toggle finds it there (nulls count as equal, so the
  // welcome, with no actor and no target, is once per account too). PostgreSQL 15+ and PGlite. The channels
  // issue, which emits 'channel_video', adds a video column to the table and to this index.
  await sql`create unique index notifications_once
    on notifications (user_id, type, actor_id, post_id, comment_id) nulls not distinct`.execute(db);
  // The list, newest first, and the badge's count of pending ones.
  await sql`create index notifications_list on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_pending on notifications (user_id) where seen_at is null`.execute(db);
  // The foreign keys' cascades (a post, comment or account deleted) find their rows through these.
  await sql`create index notifications_actor on notifications (actor_id) where actor_id is not null`.execute(
    db,
  );
  await sql`create index notifications_post on notifications (post_id) where post_id is not null`.execute(db);
  await sql`create index notifications_comment on notifications (comment_id) where comment_id is not null`.execute(
    db,
  );
}
