import type { SearchResults, SearchScope } from '@nomadas/shared/schemas';
import { call } from '../client';

export type { SearchResults, SearchScope };

const listOf = <T>(value: unknown, keep: (item: T) => boolean): T[] =>
  Array.isArray(value)
    ? (value as T[]).filter((item) => item !== null && typeof item === 'object' && keep(item))
    : [];

/**
 * GET /api/search/all/{text}: the header's suggestions, grouped (spec §3 "Search response"), or only places and
 * towns (`scope` map: the map's box, the composer's place). null when there is
 * no answer to show (network, time-out, cancelled, refused); items without their name are left out.
 * The search box debounces and sequences these calls itself (components/Header/search), outside the
 * screens' query cache, so that TanStack Query stays out of the first screen's JS.
 */
export async function fetchSearchSuggestions(
  text: string,
  signal: AbortSignal,
  scope: SearchScope = 'all',
): Promise<SearchResults | null> {
  const answer = await call(
    'GET /search/all/:text',
    { params: { text }, ...(scope === 'map' ? { query: { scope } } : {}) },
    { signal },
  );
  if (answer === false || answer.state !== 'OK' || !answer.data) return null;
  const { p, u, c, l, t } = answer.data;
  const place = (item: { nombre?: unknown; lat?: unknown; lng?: unknown }) =>
    typeof item.nombre === 'string' &&
    item.nombre !== '' &&
    typeof item.lat === 'number' &&
    typeof item.lng === 'number';
  return {
    p: listOf<SearchResults['p'][number]>(p, (tag) => typeof tag.hashtag === 'string' && tag.hashtag !== ''),
    u: listOf<SearchResults['u'][number]>(
      u,
      (user) => typeof user.username === 'string' && user.username !== '',
    ),
    c: listOf<SearchResults['c'][number]>(
      c,
      (channel) => typeof channel.url === 'string' && channel.url !== '',
    ),
    // Places and towns: an older server answers none.
    l: listOf<SearchResults['l'][number]>(l, (item) => place(item) && typeof item.urlpoint === 'string'),
    t: listOf<SearchResults['t'][number]>(t, place),
  };
}
