import { sql, type RawBuilder } from 'kysely';
import type { MapKind } from '@nomadas/shared';
import type { Db } from '../../db/database.js';
import type { IndexedPlaceRow } from './place-index.js';

export interface SuggestionRow {
  /** Hashtag, user, channel or place (l). */
  grp: 'p' | 'u' | 'c' | 'l';
  /** The tag, the username or the channel's name. */
  label: string;
  /** The user's picture, the channel's avatar stem, or ''. */
  img: string;
  /** A channel's url, a place's urlpoint, or ''. */
  url: string;
}

/** What a place's suggestion shows besides its name and urlpoint. */
export interface PlaceDetails {
  kind: MapKind;
  municipality: string;
  province: string;
  lat: number;
  lng: number;
}

export interface SuggestionQuery {
  /** What to match, before normalisation (lowercased and unaccented here, as the indexes are). */
  term: string;
  hashtags: boolean;
  users: boolean;
  channels: boolean;
  /** Places, matched on the words typed (`text`, before place_search_norm), not on `term`. */
  places: boolean;
  text: string;
  /** Towns like the text (a typo), in place_search_norm's form: their places come last. */
  towns: readonly string[];
  /** Per group. */
  limit: number;
}

/** Hashtags picked per match class before the check that a visible post still carries them. */
const TAG_CANDIDATES = 20;
/** Trigram matching of shorter terms finds noise and walks most of the index: prefixes serve them. */
const FUZZY_MIN_LENGTH = 3;

// The normalised term, computed once per statement (an InitPlan), so every branch can use it in an index
// condition or as the KNN ordering operand. Channels normalise it their own way (channel_search_norm).
const term = sql`(select n from term)`;
const channelTerm = sql`(select n from channel_term)`;
const placeTerm = sql`(select n from place_term)`;
const fuzzyLong = (normalised: RawBuilder<unknown>) =>
  sql`length(${normalised}) >= ${sql.lit(FUZZY_MIN_LENGTH)}`;
const fuzzyTermLong = fuzzyLong(term);
/** `column` starts with `prefix` (itself excluded): a range on a "C" btree, whatever the collation. */
const startsWith = (column: RawBuilder<unknown>, prefix: RawBuilder<unknown> = term) =>
  sql`${column} collate "C" > ${prefix} and ${column} collate "C" < ${prefix} || chr(1114111)`;
/** The exact and prefix matches (`near`, each branch's own) leave places for fuzzy ones: a one-time filter. */
const roomLeft = (limit: RawBuilder<unknown>) => sql`(select count(*) from near) < ${limit}`;
/** Nothing is named exactly the term (one-time too): the whole-name similarity walk is for typos. */
const noExactMatch = sql`not exists (select 1 from near where class = 0)`;

/*
 * Each group ranks its exact matches (class 0), then its prefix matches (1), then fuzzy ones (2), and numbers
 * them. Fuzzy is trigram similarity (`%`, ≥ 0.3: typos, 'galisia' → galicia) or word similarity (`<%`,
 * ≥ 0.6: the term inside a longer name, 'viaje' → ana_viaja_lenta), nearest first by the smaller of the
 * two distances; the nearest few by each distance always hold the nearest few by the smaller one.
 * The fuzzy walks only run when exact and prefix matches leave places free (a one-time filter): they are
 * the dear part, above all when thousands of names share the term's trigrams (the bench's 10k viajero_N:
 * 1 to 4.5 ms for the similarity walk, 0.2 ms for the word one). The similarity walk also waits for no name
 * to be exactly the term: it rescues typos, and next to the very name typed its lookalikes are noise, while
 * names holding the term (the word walk) still fill the places. Nor do they exclude the prefix matches as
 * they walk, which would step over all of those; duplicates are dropped afterwards, and the nearest `limit`
 * are enough, since each duplicate among them is a place already filled.
 */

/**
 * Exact (hashtags_norm), prefix (a range on it) and fuzzy (hashtags_norm_trgm, nearest first) matches; the
 * more used tag first within a class, the nearer among fuzzy ones. Only a tag that some
 * visible post carries is suggested: each candidate walks its posts on post_hashtags_pk and looks each up
 * on posts_visibility, stopping at the first visible one. Written as a subquery per post, not a join, so
 * the planner cannot hash the 100k posts of a popular tag to find one (36 ms → 0.1 ms on the bench data).
 */
function hashtagsGroup(limit: number) {
  const candidates = sql.lit(TAG_CANDIDATES);
  const visible = (tag: RawBuilder<unknown>) => sql`exists (
    select 1 from post_hashtags ph
    where ph.tag = ${tag} and (select p.hidden_at is null from posts p where p.id = ph.post_id))`;
  return sql`
    select 'p' as grp, t.tag as label, '' as img, '' as url,
           row_number() over (order by t.class, t.distance, t.uses desc, t.tag) as position
    from (
      with near as (
        select c.* from (
          (select h.tag, h.uses, 0 as class, 0::real as distance from hashtags h
            where h.norm collate "C" = ${term}
            order by h.uses desc limit ${candidates})
          union all
          (select h.tag, h.uses, 1, 0::real from hashtags h
            where ${startsWith(sql`h.norm`)}
            order by h.uses desc, h.tag limit ${candidates})
        ) c
        where ${visible(sql`c.tag`)}
      ),
      fuzzy as (
        select f.tag, f.uses, 2 as class, min(f.distance) as distance from (
          (select h.tag, h.uses, h.norm <-> ${term} as distance from hashtags h
            where ${roomLeft(sql.lit(limit))} and ${noExactMatch} and ${fuzzyTermLong} and h.norm % ${term}
            order by h.norm <-> ${term} limit ${candidates})
          union all
          (select h.tag, h.uses, ${term} <<-> h.norm from hashtags h
            where ${roomLeft(sql.lit(limit))} and ${fuzzyTermLong} and ${term} <% h.norm
            order by ${term} <<-> h.norm limit ${candidates})
        ) f
        group by f.tag, f.uses
      )
      select * from near
      union all
      select * from fuzzy f
      where not exists (select 1 from near n where n.tag = f.tag) and ${visible(sql`f.tag`)}
    ) t
    order by position
    limit ${sql.lit(limit)}`;
}

/**
 * Activated users: exact and prefix in byte order (users_username_c; a plain `=` may pick the trigram
 * GiST, which also answers it, at ten times the cost) and fuzzy by trigram distance (users_username_trgm).
 * A deleted account has no row left.
 */
function usersGroup(limit: number) {
  const perClass = sql.lit(limit);
  return sql`
    select 'u' as grp, t.username as label, t.img_profile as img, '' as url,
           row_number() over (order by t.class, t.distance, t.username collate "C") as position
    from (
      with near as (
        (select u.username, u.img_profile, 0 as class, 0::real as distance from users u
          where u.username collate "C" = ${term} and u.activated_at is not null)
        union all
        (select u.username, u.img_profile, 1, 0::real from users u
          where ${startsWith(sql`u.username`)} and u.activated_at is not null
          order by u.username collate "C" limit ${perClass})
      ),
      fuzzy as (
        select f.username, f.img_profile, 2 as class, min(f.distance) as distance from (
          (select u.username, u.img_profile, u.username <-> ${term} as distance from users u
            where ${roomLeft(perClass)} and ${noExactMatch} and ${fuzzyTermLong} and u.username % ${term}
              and u.activated_at is not null
            order by u.username <-> ${term} limit ${perClass})
          union all
          (select u.username, u.img_profile, ${term} <<-> u.username from users u
            where ${roomLeft(perClass)} and ${fuzzyTermLong} and ${term} <% u.username
              and u.activated_at is not null
            order by ${term} <<-> u.username limit ${perClass})
        ) f
        group by f.username, f.img_profile
      )
      select * from near
      union all
      select * from fuzzy f where not exists (select 1 from near n where n.username = f.username)
    ) t
    order by position
    limit ${perClass}`;
}

/**
 * Channels by name or url, ranked like users (exact > prefix > fuzzy; then the more subscribed): the name
 * through channels.search_name (channels_search_name_c, channels_search_name_trgm), the url without its
 * hyphens (channels_search_url_c). Both forms and the term are read by channel_search_norm.
 */
function channelsGroup(limit: number) {
  const perClass = sql.lit(limit);
  const urlForm = sql`replace(c.url, '-', '')`;
  const columns = sql`c.id, c.url, c.name, c.avatar, c.subscribers`;
  return sql`
    select 'c' as grp, t.name as label, coalesce(t.avatar, '') as img, t.url,
           row_number() over (order by t.class, t.distance, t.subscribers desc, t.name collate "C") as position
    from (
      select distinct on (m.id) m.* from (
        with near as (
          (select ${columns}, 0 as class, 0::real as distance from channels c
            where c.search_name collate "C" = ${channelTerm} or ${urlForm} collate "C" = ${channelTerm})
          union all
          (select ${columns}, 1, 0::real from channels c
            where ${channelTerm} <> '' and ${startsWith(sql`c.search_name`, channelTerm)}
            order by c.search_name collate "C" limit ${perClass})
          union all
          (select ${columns}, 1, 0::real from channels c
            where ${channelTerm} <> '' and ${startsWith(urlForm, channelTerm)}
            order by ${urlForm} collate "C" limit ${perClass})
        )
        select * from near
        union all
        (select ${columns}, 2, c.search_name <-> ${channelTerm} from channels c
          where ${roomLeft(perClass)} and ${noExactMatch} and ${fuzzyLong(channelTerm)}
            and c.search_name % ${channelTerm}
          order by c.search_name <-> ${channelTerm} limit ${perClass})
        union all
        (select ${columns}, 2, ${channelTerm} <<-> c.search_name from channels c
          where ${roomLeft(perClass)} and ${fuzzyLong(channelTerm)} and ${channelTerm} <% c.search_name
          order by ${channelTerm} <<-> c.search_name limit ${perClass})
      ) m
      order by m.id, m.class, m.distance
    ) t
    order by position
    limit ${perClass}`;
}

/**
 * Only while the places are past the budget of this instance's index (place-search.ts), which ranks them
 * the same in memory. Public places: named exactly the term, then whose name starts with it (map_locations_search_name_c, by
 * name), then where every word typed is a word of the name, town or province, the last one maybe begun
 * ('astorga', 'gasolinera ast': map_locations_search_words), then those of the towns the typo'd term is
 * like (`towns`, found by the towns' search, map_locations_search_town). The word matches are any `limit`
 * of them, ranked by name: ordering all of them would read thousands of rows for a common word.
 */
function placesGroup(limit: number, towns: readonly string[]) {
  const perClass = sql.lit(limit);
  const columns = sql`m.id, m.urlpoint, m.name, m.search_name, m.kind, m.municipality, m.province, m.lat, m.lng`;
  const townForm = sql`m.search_town collate "C"`;
  return sql`
    select 'l' as grp, t.name as label, '' as img, t.urlpoint as url,
           json_build_object('kind', t.kind, 'municipality', t.municipality, 'province', t.province,
                             'lat', t.lat, 'lng', t.lng) as place,
           row_number() over (order by t.class, t.search_name collate "C", t.id) as position
    from (
      with near as (
        (select ${columns}, 0 as class from map_locations m
          where m.status = 'public' and m.search_name collate "C" = ${placeTerm}
          order by m.id limit ${perClass})
        union all
        (select ${columns}, 1 from map_locations m
          where m.status = 'public' and ${placeTerm} <> '' and ${startsWith(sql`m.search_name`, placeTerm)}
          order by m.search_name collate "C" limit ${perClass})
      ),
      words as (
        select ${columns}, 2 as class from map_locations m
        where m.status = 'public' and ${roomLeft(perClass)} and ${placeTerm} <> ''
          and m.search_words @@ to_tsquery('simple', replace(${placeTerm}, ' ', ' & ') || ':*')
        limit ${perClass}
      ),
      typos as (
        select ${columns}, 3 as class from map_locations m
        where m.status = 'public' and ${roomLeft(perClass)}
          and ${townForm} = any(${sql.val([...towns])}::text[])
        order by ${townForm}, m.id limit ${perClass}
      )
      select * from near
      union all
      select * from words w where not exists (select 1 from near n where n.id = w.id)
      union all
      select * from typos y
      where not exists (select 1 from near n where n.id = y.id)
        and not exists (select 1 from words w where w.id = y.id)
    ) t
    order by position
    limit ${perClass}`;
}

/**
 * The search suggestions of the groups asked for, each ranked exact > prefix > fuzzy, in one statement: a
 * search that misses the shared answers costs one round trip (on this machine the socket writes are the
 * dearest part of a short answer). Places carry their kind, town, province and position in `place`.
 */
export async function selectSuggestions(
  db: Db,
  query: SuggestionQuery,
): Promise<Array<SuggestionRow & { place: PlaceDetails | null }>> {
  const groups = [
    ...(query.hashtags ? [hashtagsGroup(query.limit)] : []),
    ...(query.users ? [usersGroup(query.limit)] : []),
    ...(query.channels ? [channelsGroup(query.limit)] : []),
  ].map(
    (group) => sql`(select g.grp, g.label, g.img, g.url, null::json as place, g.position from (${group}) g)`,
  );
  if (query.places) groups.push(sql`(${placesGroup(query.limit, query.towns)})`);
  if (groups.length === 0) return [];
  const { rows } = await sql<SuggestionRow & { place: PlaceDetails | null }>`
    with term as materialized (select lower(immutable_unaccent(${query.term})) as n),
         channel_term as materialized (select channel_search_norm(${query.term}) as n),
         place_term as materialized (select place_search_norm(${query.text}) as n)
    select grp, label, img, url, place from (${sql.join(groups, sql` union all `)}) suggestions
    order by grp, position`.execute(db);
  return rows;
}

/** Public places as the search's index holds them (place-search.ts): all of them, or those of `ids`. */
export function selectIndexedPlaces(db: Db, ids?: readonly string[]): Promise<IndexedPlaceRow[]> {
  return db
    .selectFrom('map_locations')
    .select(['id', 'urlpoint', 'name', 'kind', 'municipality', 'province', 'lat', 'lng'])
    .where('status', '=', 'public')
    .$if(ids !== undefined, (query) => query.where('id', 'in', ids!))
    .execute();
}
