import type { Db } from '../../db/database.js';

/** The next `limit` posts after id `after`, oldest first: the photo stems the small-thumbnail job walks. */
export function selectPostPhotosAfter(db: Db, after: string, limit: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'media'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}
