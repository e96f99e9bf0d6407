import { sql, type Kysely } from 'kysely';

/**
 * push_subscriptions: the browsers a user asked to be told on with the app closed (Web Push, modules/push).
 * An endpoint is one browser's: the last account to subscribe it owns it, so a shared device never hears of
 * the previous account. The VAPID key the pushes are signed with is a row of signing_keys ('vapid').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A notification's or a message's pushes (one per subscription of the recipient), the cascade, the cap.
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, id)`.execute(db);
}
