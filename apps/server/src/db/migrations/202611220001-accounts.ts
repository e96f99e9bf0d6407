import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('img_profile', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('img_cover', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_official', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_username_format', sql`username ~ '^[a-z0-9_]{3,30}$'`)
    .execute();
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('account_codes')
    .addColumn('code_hash', 'bytea', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('activate', 'recover')`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('account_codes_user')
    .on('account_codes')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('path_visits')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('br', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The product's own account: it writes official chat messages and has no password, so it cannot log in.
  await db
    .insertInto('users')
    .values({
      username: 'nomadas',
      email: null,
      password_hash: null,
      is_official: true,
      activated_at: sql`now()`,
    })
    .execute();
}
