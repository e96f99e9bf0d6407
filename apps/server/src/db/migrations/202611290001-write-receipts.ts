import { sql, type Kysely } from 'kysely';

/**
 * The answers of writes sent with an Idempotency-Key (lib/write-once.ts): one row per user and key, written in
 * the write's own transaction, so a retry of the key answers what the first answered and writes nothing again.
 * `status` and `answer` are null only inside that open transaction (the row is claimed first, so a concurrent
 * duplicate waits on the primary key); a refusal's row is written whole. Swept after 30 days by created_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('write_receipts')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('call', 'text', (col) => col.notNull())
    .addColumn('status', 'smallint')
    // json, not jsonb: the envelope's text as it was sent, its keys in their order.
    .addColumn('answer', 'json')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('write_receipts_pkey', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('write_receipts_created_at')
    .on('write_receipts')
    .column('created_at')
    .execute();
}
