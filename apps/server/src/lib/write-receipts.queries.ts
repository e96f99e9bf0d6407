import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** One write's client id: whose, which key, and the call it was sent with ('POST /like/post/:posturl'). */
export interface ReceiptKey {
  userId: string;
  key: string;
  call: string;
}

export interface Receipt {
  call: string;
  status: number;
  answer: unknown;
}

// Sent as text and cast: a driver given a string for a json parameter would store a JSON string.
const jsonText = (answer: unknown) => sql<string>`${JSON.stringify(answer)}::text::json`;

/**
 * Takes the key for the write about to run in `trx`: false when it is already taken. A concurrent write holding
 * the same key makes this wait until that one commits (false) or rolls back (true).
 */
export async function claimReceipt(trx: Db, { userId, key, call }: ReceiptKey): Promise<boolean> {
  const row = await trx
    .insertInto('write_receipts')
    .values({ user_id: userId, key, call })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The claimed write's answer, in its transaction. */
export async function settleReceipt(trx: Db, { userId, key }: ReceiptKey, status: number, answer: unknown) {
  await trx
    .updateTable('write_receipts')
    .set({ status, answer: jsonText(answer) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** A refused write's answer, unless the key has one already (false then). */
export async function keepRefusal(
  db: Db,
  { userId, key, call }: ReceiptKey,
  status: number,
  answer: unknown,
) {
  const row = await db
    .insertInto('write_receipts')
    .values({ user_id: userId, key, call, status, answer: jsonText(answer) })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The committed answer of a user's key. */
export async function findReceipt(db: Db, userId: string, key: string): Promise<Receipt | undefined> {
  const row = await db
    .selectFrom('write_receipts')
    .select(['call', 'status', 'answer'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is not', null)
    .executeTakeFirst();
  return row && { call: row.call, status: row.status!, answer: row.answer };
}

/** The sweep: a client retries within days, never a month later (write_receipts_created_at). */
export function deleteOldWriteReceipts(db: Db, olderThanDays: number) {
  return db
    .deleteFrom('write_receipts')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .execute();
}
