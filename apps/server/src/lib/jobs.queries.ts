import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const leaseEnd = (leaseSeconds: number) => sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;

export interface NewJobOptions {
  runAt?: Date | undefined;
  /** Jobs of one lane run one at a time, taking turns with other lanes' (e.g. one user's videos). */
  lane?: string | undefined;
}

/** Adds a job; inside the caller's transaction when `db` is one, so it exists exactly when its cause does. */
export async function insertJob(
  db: Db,
  kind: string,
  payload: unknown,
  { runAt, lane }: NewJobOptions = {},
): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      // Sent as text and cast here: a driver given a string for a jsonb parameter would store a JSON string.
      payload: sql<string>`${JSON.stringify(payload)}::text::jsonb`,
      ...(runAt ? { run_at: runAt } : {}),
      ...(lane ? { lane } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Claims are taken one at a time (pg_advisory_xact_lock on this key), so each sees the lanes the last one took. */
const CLAIM_LOCK = 2_811_270_401;

/**
 * Takes the next due job of these kinds and leases it: one statement, so two workers (or two instances)
 * never take the same job, and a worker that dies leaves only a lease to run out. A job whose lane has a job
 * running waits; among the rest, each lane's first job comes before any lane's second (turns, not first come).
 */
export function claimDueJob(db: Db, kinds: string[], leaseSeconds: number) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    return trx
      .updateTable('jobs')
      .set({ attempts: sql`attempts + 1`, locked_until: leaseEnd(leaseSeconds) })
      .where(
        'id',
        '=',
        trx
          .selectFrom('jobs as j')
          .select('j.id')
          .where('j.state', '=', 'pending')
          .where('j.kind', 'in', kinds)
          .where('j.run_at', '<=', sql<Date>`now()`)
          .where((eb) =>
            eb.or([eb('j.locked_until', 'is', null), eb('j.locked_until', '<', sql<Date>`now()`)]),
          )
          .where((eb) =>
            eb.or([
              eb('j.lane', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('jobs as running')
                    .select(sql`1`.as('one'))
                    .whereRef('running.lane', '=', 'j.lane')
                    .where('running.state', '=', 'pending')
                    .where('running.locked_until', '>=', sql<Date>`now()`),
                ),
              ),
            ]),
          )
          .orderBy((eb) =>
            eb
              .selectFrom('jobs as ahead')
              .select((count) => count.fn.countAll().as('n'))
              .whereRef('ahead.lane', '=', 'j.lane')
              .whereRef('ahead.id', '<', 'j.id')
              .where('ahead.state', '=', 'pending'),
          )
          .orderBy('j.run_at')
          .orderBy('j.id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'payload', 'attempts'])
      .executeTakeFirst();
  });
}

export type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimDueJob>>>;

/**
 * Every change below is made only by the claim that holds the job (`attempts` is the claim's number):
 * a worker whose lease ran out and was taken over changes nothing.
 */
const ownClaim = (db: Db, job: Pick<ClaimedJob, 'id' | 'attempts'>) =>
  db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .where('state', '=', 'pending');

/** The heartbeat of a running job; false when the claim was lost. */
export async function extendLease(db: Db, job: ClaimedJob, leaseSeconds: number): Promise<boolean> {
  const result = await ownClaim(db, job)
    .set({ locked_until: leaseEnd(leaseSeconds) })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function markJobDone(db: Db, job: ClaimedJob) {
  return ownClaim(db, job)
    .set({ state: 'done', locked_until: null, last_error: null, finished_at: sql<Date>`now()` })
    .execute();
}

export function markJobFailed(db: Db, job: ClaimedJob, error: string) {
  return ownClaim(db, job)
    .set({ state: 'failed', locked_until: null, last_error: error, finished_at: sql<Date>`now()` })
    .execute();
}

export function scheduleJobRetry(db: Db, job: ClaimedJob, error: string, delaySeconds: number) {
  return ownClaim(db, job)
    .set({
      locked_until: null,
      last_error: error,
      run_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    })
    .execute();
}

/** The worker was stopped (a restart): the job is due again at once and the interrupted run does not count. */
export function releaseJob(db: Db, job: ClaimedJob) {
  return ownClaim(db, job)
    .set({ locked_until: null, attempts: sql`attempts - 1` })
    .execute();
}

/**
 * Finished jobs are kept a while to answer "what happened to my video?", then dropped; the kinds in `shorter`
 * for fewer days (a push sent: one per message and device, of no interest the next day). One pass over the table.
 */
export function deleteFinishedJobs(db: Db, olderThanDays: number, shorter: Record<string, number> = {}) {
  const days = Object.entries(shorter).reduce(
    (otherwise, [kind, kindDays]) =>
      sql`case when kind = ${kind} then ${kindDays}::int else ${otherwise} end`,
    sql`${olderThanDays}::int`,
  );
  return db
    .deleteFrom('jobs')
    .where('state', '!=', 'pending')
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .execute();
}
