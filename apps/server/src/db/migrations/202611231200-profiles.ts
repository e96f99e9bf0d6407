import { sql, type Kysely } from 'kysely';

/**
 * Profiles and friends: the follower and following lists read newest first (an index each, so a page of
 * a popular account does not sort all its followers), and the keys the server signs short-lived proofs
 * with (the friendship token of POST /api/follow/user): kept in the database, so every instance shares
 * them with no configuration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index follows_followers_recent on follows (followed_id, created_at desc, follower_id)`.execute(
    db,
  );
  await sql`create index follows_following_recent on follows (follower_id, created_at desc, followed_id)`.execute(
    db,
  );
  await db.schema
    .createTable('signing_keys')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
