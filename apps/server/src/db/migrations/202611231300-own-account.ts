import { sql, type Kysely } from 'kysely';

/**
 * The own account: e-mail changes waiting for the click on the link mailed to the new address, one-time
 * links to download the data export, and the usernames of deleted accounts, reserved for a while.
 * Codes and tokens are stored only as SHA-256, as the account codes are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('code_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();

  await db.schema
    .createTable('export_downloads')
    .addColumn('token_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('export_downloads_user').on('export_downloads').column('user_id').execute();

  // No user id: the account is gone. Registration reads it; an expired row is as good as none.
  await db.schema
    .createTable('reserved_usernames')
    .addColumn('username', 'text', (col) => col.primaryKey())
    .addColumn('release_at', 'timestamptz', (col) => col.notNull())
    .execute();
}
