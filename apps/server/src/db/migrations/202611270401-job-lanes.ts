import { sql, type Kysely } from 'kysely';

/**
 * jobs.lane: jobs of one lane run one at a time and take turns with other lanes (lib/jobs.ts). A video's
 * processing runs in its owner's lane, so one user's videos never process side by side nor ahead of everyone's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lane', 'text').execute();
  // The claim's look at a lane's other pending jobs (running, or queued ahead).
  await sql`create index jobs_pending_lane on jobs (lane, id) where state = 'pending'`.execute(db);
}
