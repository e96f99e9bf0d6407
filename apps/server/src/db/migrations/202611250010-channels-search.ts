import { sql, type Kysely } from 'kysely';

/**
 * Channels in the search (GET /api/search/all/{text}, group `c`), matched like usernames: exact and prefix
 * in byte order, fuzzy by trigram distance (see 202611231100-search).
 * - `channel_search_norm(text)`: a name as the search box's text is read (lower case, accents dropped, only
 *   letters, digits and '_'), so 'Ruta Ñandú' is found by 'rutanandu', 'ruta ñandu' or 'ruta-nandu'. Both the
 *   stored column and the typed term go through it, so they always agree.
 * - `channels.search_name`: the name's form, kept by PostgreSQL; `url` (a–z, 0–9 and '-') is matched without
 *   its hyphens through an expression index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function channel_search_norm(text) returns text
    language sql immutable strict parallel safe
    as $$ select regexp_replace(lower(immutable_unaccent($1)), '[^[:alnum:]_]+', '', 'g') $$`.execute(db);
  await sql`
    alter table channels
    add column search_name text not null generated always as (channel_search_norm(name)) stored`.execute(db);
  await sql`create index channels_search_name_c on channels ((search_name collate "C"))`.execute(db);
  await sql`create index channels_search_url_c on channels ((replace(url, '-', '') collate "C"))`.execute(db);
  await sql`create index channels_search_name_trgm on channels using gist (search_name gist_trgm_ops(siglen = 256))`.execute(
    db,
  );
}
