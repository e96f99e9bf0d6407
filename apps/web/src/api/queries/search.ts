import type { SearchResults } from '@nomadas/shared/schemas';
import { call } from '../client';

export type { SearchResults };

const listOf = <T>(value: unknown, keep: (item: T) => boolean): T[] =>
  Array.isArray(value)
    ? (value as T[]).filter((item) => item !== null && typeof item === 'object' && keep(item))
    : [];

/**
 * GET /api/search/all/{text}: the header's suggestions, grouped (spec §3 "Search response"). null when there is
 * no answer to show (network, time-out, cancelled, refused); items without their name are left out.
 * The search box debounces and sequences these calls itself (components/Header/search), outside the
 * screens' query cache, so that TanStack Query stays out of the first screen's JS.
 */
export async function fetchSearchSuggestions(
  text: string,
  signal: AbortSignal,
): Promise<SearchResults | null> {
  const answer = await call('GET /search/all/:text', { params: { text } }, { signal });
  if (answer === false || answer.state !== 'OK' || !answer.data) return null;
  const { p, u, c } = answer.data;
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
  };
}
