import { sql, type Kysely } from 'kysely';

/**
 * chat_requests: a conversation one side began with someone who is not their friend (modules/chat,
 * chat-requests.ts). `messages` counts what the sender wrote before the recipient answered (capped);
 * `answered_at` is set by the recipient's first message back, after which both write freely. A row with no
 * message (0) records an older conversation found when the two stopped being friends. The sender's rows
 * of the last day are how many new people they wrote to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_requests')
    .addColumn('sender_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('messages', 'integer', (col) => col.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_requests_pk', ['sender_id', 'recipient_id'])
    .addCheckConstraint('chat_requests_not_self', sql`sender_id <> recipient_id`)
    .execute();
  await sql`create index chat_requests_sender_day on chat_requests (sender_id, created_at)`.execute(db);
  // The recipient's cascade.
  await sql`create index chat_requests_recipient on chat_requests (recipient_id)`.execute(db);
}
