import { sql, type Kysely } from 'kysely';

/**
 * users.welcomed_at: when the account's first login was answered (issue #33). Null only for an account made
 * through the registration form that has not logged in yet: that login answers `first: true` and the web opens
 * the first-steps screen once. Accounts that exist already, and those the demo and imports insert, are
 * welcomed by the column's default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('welcomed_at', 'timestamptz', (col) => col.defaultTo(sql`now()`))
    .execute();
}
