import { sql, type Kysely } from 'kysely';

/**
 * The places kept offline (issue #31, GET /api/map/offline): a download of every public place, then deltas.
 * - map_locations.offline_xid: the id of the transaction that last changed the place or one of its reviews
 *   (pg_current_xact_id, 64 bits, never wraps). A delta is what changed at or after a version; the version a
 *   reader is given is never above the oldest transaction still running when it read (the snapshot's xmin),
 *   so a change that commits late, with an older id than one already seen, still comes in the next delta.
 *   The database gives both on every instance, unlike a clock.
 * - map_offline_removed: the urlpoints of places that stopped being public (deleted, back to draft, renamed),
 *   with the transaction that did it; a place that turns public again leaves it.
 * Triggers keep both, so no writer (moderation, a review, a photo, an account going) can forget them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table map_locations
    add column offline_xid bigint not null default (pg_current_xact_id()::text::bigint)`.execute(db);
  await sql`create index map_locations_offline on map_locations (offline_xid) where status = 'public'`.execute(
    db,
  );

  await db.schema
    .createTable('map_offline_removed')
    .addColumn('urlpoint', 'text', (col) => col.primaryKey())
    .addColumn('xid', 'bigint', (col) => col.notNull())
    .execute();
  await sql`create index map_offline_removed_xid on map_offline_removed (xid)`.execute(db);

  await sql`create function map_offline_gone(place text) returns void language sql as $$
    insert into map_offline_removed (urlpoint, xid) values (place, pg_current_xact_id()::text::bigint)
    on conflict (urlpoint) do update set xid = excluded.xid
  $$`.execute(db);

  await sql`create function map_locations_offline() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      if old.status = 'public' then perform map_offline_gone(old.urlpoint); end if;
      return old;
    end if;
    new.offline_xid := pg_current_xact_id()::text::bigint;
    if tg_op = 'UPDATE' and old.status = 'public'
       and (new.status <> 'public' or new.urlpoint <> old.urlpoint) then
      perform map_offline_gone(old.urlpoint);
    end if;
    if new.status = 'public' then delete from map_offline_removed where urlpoint = new.urlpoint; end if;
    return new;
  end $$`.execute(db);
  await sql`create trigger map_locations_offline before insert or update on map_locations
    for each row execute function map_locations_offline()`.execute(db);
  await sql`create trigger map_locations_offline_gone after delete on map_locations
    for each row execute function map_locations_offline()`.execute(db);

  // A review shows on the place's offline sheet (its last three, the rating): it changes the place. Once per
  // statement, so that a bulk write (an account's reviews going with it) touches each place once.
  await sql`create function map_reviews_offline() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      update map_locations set offline_xid = pg_current_xact_id()::text::bigint
        where id in (select location_id from changed_old);
    else
      update map_locations set offline_xid = pg_current_xact_id()::text::bigint
        where id in (select location_id from changed_new);
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger map_reviews_offline_insert after insert on map_reviews
    referencing new table as changed_new for each statement execute function map_reviews_offline()`.execute(
    db,
  );
  await sql`create trigger map_reviews_offline_update after update on map_reviews
    referencing new table as changed_new for each statement execute function map_reviews_offline()`.execute(
    db,
  );
  await sql`create trigger map_reviews_offline_delete after delete on map_reviews
    referencing old table as changed_old for each statement execute function map_reviews_offline()`.execute(
    db,
  );
}
