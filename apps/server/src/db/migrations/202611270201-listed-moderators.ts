import { sql, type Kysely } from 'kysely';

/**
 * The names MODERATORS has granted the moderator role to, each once, with the account that held the name then
 * (modules/moderation/listed-moderators.ts). A name stays here after its account is deleted, so whoever takes
 * the name later is not granted the role again at the next start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listed_moderators')
    .addColumn('username', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
