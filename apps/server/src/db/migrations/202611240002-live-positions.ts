import { sql, type Kysely } from 'kysely';

/**
 * Live positions (issue #9, spec §7 `{t:'m', ta:'pos'}`): one row per user sharing, with only their latest
 * point as the browser sent it (already moved at random within their range: the precise one never reaches
 * us), who sees it (1 friends, 2 every registered user), when it was sent and when sharing ends by itself.
 * Type 0 deletes the row; so does the sweep once `updated_at` is older than POSITION_FORGET_MS or
 * `until_at` has passed, and nothing reads a stale row meanwhile. Gone with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_positions')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (col) => col.notNull().check(sql`lat > -90 and lat < 90`))
    .addColumn('lng', 'double precision', (col) => col.notNull().check(sql`lng > -180 and lng < 180`))
    .addColumn('type', 'smallint', (col) => col.notNull().check(sql`type in (1, 2)`))
    .addColumn('until_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index live_positions_type on live_positions (type, updated_at)`.execute(db);
}
