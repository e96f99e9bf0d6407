import { sql, type Kysely } from 'kysely';

/**
 * Queues, once per database, the job that gives photos stored before the 240 px thumbnail existed their
 * `thumbSmall` (modules/posts/small-thumbs.ts, kind `posts.small-thumbs`). A migration runs exactly once however
 * many instances start together, so the job is queued once, and never again after its row is swept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into jobs (kind, payload) values ('posts.small-thumbs', '{}'::jsonb)`.execute(db);
}
