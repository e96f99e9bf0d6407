import type { Kysely } from 'kysely';

/**
 * LPG prices (issue #32): a station the Ministry's answer no longer lists keeps its last price, marked by
 * `delisted_at` (when an import first missed it; null while listed), so the map shows that price as stale at
 * once rather than as fresh until it ages, and the import may tie its place to a new station at the same spot.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('place_lpg_prices').addColumn('delisted_at', 'timestamptz').execute();
}
