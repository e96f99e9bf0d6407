import { sql, type Kysely } from 'kysely';

/**
 * Places in the search (GET /api/search/all/{text}, group `l`, issue #32), matched on their name, town and
 * province (see 202611231100-search for unaccent).
 * - `place_search_norm(text)`: a name as the search reads it: lower case, accents dropped, every run of
 *   other characters one space ('Área de autocaravanas (Astorga)' → 'area de autocaravanas astorga'). The
 *   stored forms and the typed term both go through it, so they always agree.
 * - `search_name` (the name's form) serves exact and prefix matches through a "C" btree.
 * - `search_words`, the words of name, town and province as a 'simple' tsvector, serves 'every word typed is
 *   a word of the place, the last one maybe begun' through a GIN index. A trigram GiST over the same text
 *   was tried: nearest-first walks read most of it when nothing is near (130 ms at 100k places).
 * - `search_town` (the town's form, map_locations_search_town): the places of a town found despite a typo.
 *   A generated column, not an expression index: an index's expression is built with an empty search_path.
 * All three indexes hold public places only: drafts are their author's, and answers are shared.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function place_search_norm(text) returns text
    language sql immutable strict parallel safe
    as $$ select btrim(regexp_replace(lower(immutable_unaccent($1)), '[^[:alnum:]]+', ' ', 'g')) $$`.execute(
    db,
  );
  await sql`
    alter table map_locations
      add column search_name text not null generated always as (place_search_norm(name)) stored,
      add column search_town text not null generated always as (place_search_norm(municipality)) stored,
      add column search_words tsvector not null generated always as
        (to_tsvector('simple'::regconfig, place_search_norm(name || ' ' || municipality || ' ' || province))) stored`.execute(
    db,
  );
  await sql`
    create index map_locations_search_name_c on map_locations ((search_name collate "C"))
    where status = 'public'`.execute(db);
  await sql`
    create index map_locations_search_words on map_locations using gin (search_words)
    where status = 'public'`.execute(db);
  await sql`
    create index map_locations_search_town on map_locations ((search_town collate "C"))
    where status = 'public'`.execute(db);
}
