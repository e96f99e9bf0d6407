import type { Db } from '../../db/database.js';

export function insertPathVisit(db: Db, path: string, br: string) {
  return db.insertInto('path_visits').values({ path, br }).execute();
}

export function insertEvent(db: Db, code: number) {
  return db.insertInto('events').values({ code }).execute();
}
