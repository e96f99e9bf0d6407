import { sql, type Kysely } from 'kysely';

/**
 * Issue #28: type 0 no longer deletes a live position but empties it (lat 0, lng 0, type 0), keeping its
 * `updated_at`, so that at most one position frame per POSITION_MIN_INTERVAL_MS is taken from a user even
 * when they hide and share again in between. Nothing reads a type 0 row as a point; the sweep deletes it
 * once `updated_at` is older than POSITION_FORGET_MS.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table live_positions drop constraint live_positions_type_check,
    add constraint live_positions_type_check check (type in (0, 1, 2))`.execute(db);
}
