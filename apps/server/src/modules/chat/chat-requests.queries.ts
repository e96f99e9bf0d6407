import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Message requests (chat-requests.ts): run in the transaction that then stores the message.

/** One sender's requests are decided one at a time (the day's count is read, then added to). */
export function lockSender(db: Db, senderId: string) {
  return db.selectFrom('users').select('id').where('id', '=', senderId).forNoKeyUpdate().executeTakeFirst();
}

export function findRequest(db: Db, senderId: string, recipientId: string) {
  return db
    .selectFrom('chat_requests')
    .select(['messages', 'answered_at'])
    .where('sender_id', '=', senderId)
    .where('recipient_id', '=', recipientId)
    .forUpdate()
    .executeTakeFirst();
}

export function countRequestMessage(db: Db, senderId: string, recipientId: string) {
  return db
    .updateTable('chat_requests')
    .set({ messages: sql`messages + 1` })
    .where('sender_id', '=', senderId)
    .where('recipient_id', '=', recipientId)
    .execute();
}

/** A new request with its first message, or (0, answered) the record of an older conversation. */
export function insertRequest(
  db: Db,
  row: { senderId: string; recipientId: string; messages: number; answered: boolean },
) {
  return db
    .insertInto('chat_requests')
    .values({
      sender_id: row.senderId,
      recipient_id: row.recipientId,
      messages: row.messages,
      answered_at: row.answered ? new Date() : null,
    })
    .execute();
}

/** Whether `fromId` ever wrote to `toId`: through the pair index, stopping at the first such message. */
export async function hasWrittenTo(db: Db, fromId: string, toId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (
      select 1 from chat_messages
      where least(sender_id, recipient_id) = least(${fromId}::bigint, ${toId}::bigint)
        and greatest(sender_id, recipient_id) = greatest(${fromId}::bigint, ${toId}::bigint)
        and sender_id = ${fromId}::bigint
    ) as found`.execute(db);
  return rows[0]?.found === true;
}

/** How many people the sender began a request with since `since` (records of older talks left out). */
export async function countRequestsSince(db: Db, senderId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('chat_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sender_id', '=', senderId)
    .where('created_at', '>', since)
    .where('messages', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
