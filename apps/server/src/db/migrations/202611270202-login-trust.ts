import { sql, type Kysely } from 'kysely';

/**
 * What a correct password is still accepted from while an account's login name is being guessed at
 * (modules/accounts/login-trust.ts): the browsers (a device cookie) and addresses that logged into the
 * account before, each stored only as a keyed hash and forgotten some months after its last login.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_trust')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_hash', 'bytea', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('device', 'address')`))
    .addColumn('last_login_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_trust_pkey', ['user_id', 'credential_hash'])
    .execute();
  await db.schema.createIndex('login_trust_last_login').on('login_trust').column('last_login_at').execute();
}
