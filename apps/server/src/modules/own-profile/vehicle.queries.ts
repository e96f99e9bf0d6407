import type { Db } from '../../db/database.js';
import type { UserVehiclesTable } from '../../db/schema.js';

type VehicleValues = Pick<UserVehiclesTable, 'type' | 'length' | 'height' | 'weight'>;

/** The user's vehicle; undefined when they have not set one. */
export function findVehicle(db: Db, userId: string) {
  return db
    .selectFrom('user_vehicles')
    .select(['type', 'length', 'height', 'weight'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Sets the user's one vehicle (a second save replaces the first). */
export function upsertVehicle(db: Db, userId: string, vehicle: VehicleValues) {
  return db
    .insertInto('user_vehicles')
    .values({ user_id: userId, ...vehicle })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...vehicle, updated_at: new Date() }))
    .returning(['type', 'length', 'height', 'weight'])
    .executeTakeFirstOrThrow();
}

export function deleteVehicle(db: Db, userId: string) {
  return db.deleteFrom('user_vehicles').where('user_id', '=', userId).execute();
}
