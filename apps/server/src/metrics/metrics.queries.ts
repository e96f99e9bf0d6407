import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Waiting work of one queue: how many are due and how long the oldest has waited, in seconds. */
export interface Backlog {
  waiting: number;
  oldestSeconds: number;
}

const toBacklog = (
  row: { waiting: string | number; oldest: string | number | null } | undefined,
): Backlog => ({
  waiting: Number(row?.waiting ?? 0),
  oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
});

/** Jobs due and not yet taken or running (pending, run_at past): one read of the jobs_due index. */
export async function readJobBacklog(db: Db): Promise<Backlog> {
  const row = await db
    .selectFrom('jobs')
    .select([
      sql<string>`count(*)`.as('waiting'),
      sql<string | null>`extract(epoch from now() - min(run_at))`.as('oldest'),
    ])
    .where('state', '=', 'pending')
    .where('run_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return toBacklog(row);
}

/** Mails neither sent nor given up on; the oldest's age counts from when it was written. */
export async function readMailBacklog(db: Db): Promise<Backlog> {
  const row = await db
    .selectFrom('mail_outbox')
    .select([
      sql<string>`count(*)`.as('waiting'),
      sql<string | null>`extract(epoch from now() - min(created_at))`.as('oldest'),
    ])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return toBacklog(row);
}
