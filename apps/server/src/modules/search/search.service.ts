import { SEARCH_GROUP_MAX } from '@nomadas/shared';
import type { SearchScope } from '@nomadas/shared/schemas';
import type { SearchResults } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { avatarUrl } from '../channels/channels.presenter.js';
import { spanishTowns } from '../map/spanish-towns.js';
import * as q from './search.queries.js';
import { createTownSearch, foldWords, type TownSearch } from './town-search.js';

// Hashtags and usernames hold only letters, digits and '_': anything else typed cannot match, so it goes
// ('Costa Brava' and 'costa-brava' both look for costabrava).
const NOT_IN_NAMES = /[^\p{L}\p{M}\p{N}_]/gu;

/** What a search box's text asks for: a leading '#' only hashtags, '@' only users; the map, places and towns. */
export function readSearchText(
  text: string,
  scope: SearchScope = 'all',
): { term: string; text: string; hashtags: boolean; users: boolean; places: boolean } {
  const sigil = text[0];
  const named = sigil === '#' || sigil === '@';
  const term = (named ? text.slice(1) : text).replace(NOT_IN_NAMES, '');
  if (scope === 'map') return { term: '', text, hashtags: false, users: false, places: true };
  return { term, text: named ? '' : text, hashtags: sigil !== '@', users: sigil !== '#', places: !named };
}

let towns: Promise<TownSearch> | undefined;
/** The towns' search, made on its first use (reading the gazetteer takes some 0.4 s, once per process). */
const townSearch = () => (towns ??= spanishTowns().then(createTownSearch));

async function readSuggestions(ctx: AppContext, query: ReturnType<typeof readSearchText>) {
  const results: SearchResults = { p: [], u: [], c: [], l: [], t: [] };
  // The towns first (in memory, well under a millisecond): those the text only looks like (a typo) bring
  // their places after the places that match it.
  const towns = query.places ? (await townSearch())(query.text, SEARCH_GROUP_MAX) : [];
  const term = foldWords(query.text);
  const alike = towns.map((town) => foldWords(town.name)).filter((name) => !` ${name}`.includes(` ${term}`));
  // Places from this instance's index (place-search.ts); from SQL only when they are past its budget.
  const index = query.places ? await ctx.placeSearch.index() : null;
  const rows = await q.selectSuggestions(ctx.db, {
    ...query,
    places: query.places && !index,
    hashtags: query.hashtags && query.term !== '',
    users: query.users && query.term !== '',
    // Channels when the text names no group ('#' asks only for hashtags, '@' only for users).
    channels: query.hashtags && query.users && query.term !== '',
    towns: alike,
    limit: SEARCH_GROUP_MAX,
  });
  for (const place of index?.search(term, alike, SEARCH_GROUP_MAX) ?? [])
    results.l.push({
      urlpoint: place.urlpoint,
      nombre: place.name,
      kind: place.kind,
      municipio: place.municipality,
      provincia: place.province,
      lat: place.lat,
      lng: place.lng,
    });
  for (const row of rows) {
    if (row.grp === 'p') results.p.push({ hashtag: row.label });
    else if (row.grp === 'u') results.u.push({ username: row.label, img_perfil: row.img });
    else if (row.grp === 'l' && row.place)
      results.l.push({
        urlpoint: row.url,
        nombre: row.label,
        kind: row.place.kind,
        municipio: row.place.municipality,
        provincia: row.place.province,
        lat: row.place.lat,
        lng: row.place.lng,
      });
    else if (row.grp === 'c')
      results.c.push({ nombre: row.label, url: row.url, img_perfil: avatarUrl(ctx.media, row.img || null) });
  }
  for (const town of towns)
    results.t.push({ nombre: town.name, provincia: town.province, lat: town.lat, lng: town.lng });
  return results;
}

/**
 * The header's suggestions (spec §2, §3 "Search response"), or the map's places and towns (`scope` map); the
 * same for every caller.
 */
export async function searchAll(
  ctx: AppContext,
  text: string,
  scope: SearchScope = 'all',
): Promise<SearchResults> {
  const query = readSearchText(text, scope);
  if (!query.term && !(query.places && query.text.trim())) return { p: [], u: [], c: [], l: [], t: [] };
  // Shared by every caller (search-answers.ts).
  return ctx.searchAnswers.get(JSON.stringify(query), () => readSuggestions(ctx, query));
}
