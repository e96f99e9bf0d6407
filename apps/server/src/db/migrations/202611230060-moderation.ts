import { sql, type Kysely } from 'kysely';

/**
 * Moderation: a moderator role, weighted reports and the review of posts hidden by them.
 * A post is pending review while `hidden_at` is set; a moderator restores it (reports cleared,
 * visible again) or removes it (deleted with its files, written to moderation_log).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .execute();
  await sql`alter table users add constraint users_role check (role in ('user', 'moderator'))`.execute(db);

  // Weight of each report, fixed when it is made (an account younger than a day weighs less).
  await db.schema
    .alterTable('post_reports')
    .addColumn('weight', 'double precision', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('report_weight', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await sql`update posts set report_weight = reports_count where reports_count > 0`.execute(db);

  // The moderation queue, most recently hidden first; and an author's own hidden posts, which they still see.
  await sql`create index posts_pending on posts (hidden_at desc, id desc) where hidden_at is not null`.execute(
    db,
  );
  await sql`create index posts_user_hidden on posts (user_id, id desc) where hidden_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('restore', 'remove')`))
    .addColumn('post_url', 'text', (col) => col.notNull())
    .addColumn('author_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('moderator_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reports_count', 'integer', (col) => col.notNull())
    .addColumn('report_weight', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
