import { sql, type Kysely } from 'kysely';

/**
 * Private chat (spec §2, §3, §7) and the socket's tickets.
 * - chat_messages: plain text (never HTML), each stored once per (sender, client id) so a resend after a
 *   reconnect is acknowledged, not stored twice. A conversation's history pages through the pair index.
 * - chat_conversations: one row per side (user, peer) with the newest message and the user's unread count,
 *   so the list is one index scan and `novisto` needs no count.
 * - chat_blocks: who blocked whom; a message is refused when either blocked the other.
 * - socket_tickets: POST /api/connectws's single-use ticket, in the database so any instance redeems it
 *   (a delete that returns the row decides who used it), gone with its session.
 * - friend_change_uses: the friendship tokens (`wsm`) the socket has accepted, so a replay is ignored.
 * Everything belongs to its users: deleting an account deletes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sender_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('chat_messages_not_self', sql`sender_id <> recipient_id`)
    .addCheckConstraint('chat_messages_body', sql`char_length(body) between 1 and 2000`)
    // Also the index the sender's cascade uses.
    .addUniqueConstraint('chat_messages_client_id', ['sender_id', 'client_id'])
    .execute();
  // A conversation's messages newest first, whoever sent them; the recipient's cascade and catch-up.
  await sql`create index chat_messages_pair on chat_messages
    (least(sender_id, recipient_id), greatest(sender_id, recipient_id), id desc)`.execute(db);
  await sql`create index chat_messages_recipient on chat_messages (recipient_id, id)`.execute(db);

  await db.schema
    .createTable('chat_conversations')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('peer_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_id', 'bigint', (col) =>
      col.notNull().references('chat_messages.id').onDelete('cascade'),
    )
    .addColumn('unseen', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_conversations_pk', ['user_id', 'peer_id'])
    .addCheckConstraint('chat_conversations_unseen', sql`unseen >= 0`)
    .execute();
  await sql`create index chat_conversations_recent on chat_conversations (user_id, last_message_id desc)`.execute(
    db,
  );
  await sql`create index chat_conversations_peer on chat_conversations (peer_id)`.execute(db);
  await sql`create index chat_conversations_last on chat_conversations (last_message_id)`.execute(db);

  await db.schema
    .createTable('chat_blocks')
    .addColumn('blocker_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('chat_blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  await sql`create index chat_blocks_blocked on chat_blocks (blocked_id)`.execute(db);

  await db.schema
    .createTable('socket_tickets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('secret_hash', 'bytea', (col) => col.notNull())
    .addColumn('session_id', 'bigint', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create index socket_tickets_session on socket_tickets (session_id)`.execute(db);

  await db.schema
    .createTable('friend_change_uses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create index friend_change_uses_user on friend_change_uses (user_id)`.execute(db);
  await sql`create index friend_change_uses_expiry on friend_change_uses (expires_at)`.execute(db);
}
