import type { Db } from '../../db/database.js';

/** Records the user's interest once: a second press keeps the first date. */
export async function insertInterest(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('premium_interest')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export function findInterest(db: Db, userId: string) {
  return db
    .selectFrom('premium_interest')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The newest `limit` interested accounts with their names, for the moderators. */
export function listInterest(db: Db, limit: number) {
  return db
    .selectFrom('premium_interest as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.username', 'u.img_profile', 'p.created_at'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.user_id', 'desc')
    .limit(limit)
    .execute();
}

export async function countInterest(db: Db): Promise<number> {
  const row = await db
    .selectFrom('premium_interest')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
