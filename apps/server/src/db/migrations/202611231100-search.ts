import { sql, type Kysely } from 'kysely';

/**
 * Search (GET /api/search/all/{text}): accent- and case-insensitive exact, prefix and fuzzy matching of
 * hashtags and usernames with pg_trgm and unaccent (contrib extensions that PostgreSQL ships and PGlite
 * loads when it is opened, see db/database.ts).
 *
 * - `immutable_unaccent(text)`: unaccent() is only STABLE (its dictionary could change), so it cannot
 *   appear in an index or a generated column; this wrapper names its dictionary and promises it won't.
 * - `hashtags`: one row per distinct tag with the number of post_hashtags rows using it, kept by
 *   statement triggers. post_hashtags has a row per post (187k rows for 8 tags in the bench data), so
 *   matching there would read every post of a popular tag; the dictionary holds each tag once.
 *   `uses` orders suggestions and lets the last use delete the tag under a row lock, so a tag
 *   removed and reused at the same moment is never lost. Hidden posts still count: the search checks
 *   that a visible post carries the tag.
 * - Usernames already are their normalised form (users_username_format: [a-z0-9_]), so their indexes
 *   are on the column itself: a "C" btree for the prefix range and a trigram GiST for fuzzy matches
 *   ordered by distance (GIN cannot order).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  // Where unaccent lives (public unless an operator installed it elsewhere beforehand).
  const { rows } = await sql<{ schema: string }>`
    select quote_ident(n.nspname) as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'unaccent'`.execute(db);
  const schema = rows[0]!.schema;
  // Schema-qualified throughout so that it also works with an empty search_path (pg_dump restores).
  await sql`
    create or replace function immutable_unaccent(text) returns text
    language sql immutable strict parallel safe
    as ${sql.lit(`select ${schema}.unaccent('${schema}.unaccent'::regdictionary, $1)`)}`.execute(db);

  await sql`
    create table hashtags (
      tag text primary key,
      norm text not null generated always as (lower(immutable_unaccent(tag))) stored,
      uses integer not null check (uses > 0)
    )`.execute(db);
  // Exact (=) and prefix (a range) in byte order whatever the database's collation; fuzzy by distance. The
  // trigram signatures are 256 bytes, not 12: with the default the upper pages of 10k usernames match any
  // term, and every fuzzy walk read the whole index (87 pages on the bench data; 1 to 24 like this).
  await sql`create index hashtags_norm on hashtags ((norm collate "C"))`.execute(db);
  await sql`create index hashtags_norm_trgm on hashtags using gist (norm gist_trgm_ops(siglen = 256))`.execute(
    db,
  );
  await sql`create index users_username_c on users ((username collate "C"))`.execute(db);
  await sql`create index users_username_trgm on users using gist (username gist_trgm_ops(siglen = 256))`.execute(
    db,
  );

  // Rows are locked in tag order by both triggers, so two writers sharing tags never deadlock here.
  await sql`
    create function hashtags_count_added() returns trigger language plpgsql as $$
    begin
      insert into hashtags as h (tag, uses)
      select tag, count(*) from added group by tag order by tag
      on conflict (tag) do update set uses = h.uses + excluded.uses;
      return null;
    end $$`.execute(db);
  await sql`
    create function hashtags_count_removed() returns trigger language plpgsql as $$
    begin
      perform 1 from hashtags where tag in (select tag from removed) order by tag for update;
      delete from hashtags h using (select tag, count(*) as n from removed group by tag) r
        where h.tag = r.tag and h.uses <= r.n;
      update hashtags h set uses = h.uses - r.n
        from (select tag, count(*) as n from removed group by tag) r
        where h.tag = r.tag;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger post_hashtags_added after insert on post_hashtags
    referencing new table as added for each statement execute function hashtags_count_added()`.execute(db);
  await sql`
    create trigger post_hashtags_removed after delete on post_hashtags
    referencing old table as removed for each statement execute function hashtags_count_removed()`.execute(
    db,
  );

  await sql`insert into hashtags (tag, uses) select tag, count(*) from post_hashtags group by tag`.execute(
    db,
  );
}
