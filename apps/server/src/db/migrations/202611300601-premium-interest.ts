import { sql, type Kysely } from 'kysely';

/**
 * premium_interest: who pressed "Avísame" on /premium (issue #33), so an operator can tell them when Premium can
 * be bought. One row per account, kept until it is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('premium_interest')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The moderators' list, newest first.
  await sql`create index premium_interest_created on premium_interest (created_at desc, user_id)`.execute(db);
}
