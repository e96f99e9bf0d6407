import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The public places the guide's gems name, as they are now (their stars change with every review). */
export function selectGuidePlaces(db: Db, urlpoints: string[]) {
  return db
    .selectFrom('map_locations')
    .select([
      'urlpoint',
      'name',
      'municipality',
      'province',
      'services',
      'reviews_count',
      sql<number | null>`rating_avg::float8`.as('rating'),
    ])
    .where('urlpoint', 'in', urlpoints)
    .where('status', '=', 'public')
    .execute();
}
export type GuidePlaceRow = Awaited<ReturnType<typeof selectGuidePlaces>>[number];
