import { SEARCH_GROUP_MAX } from '@nomadas/shared';
import type { SearchResults } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { avatarUrl } from '../channels/channels.presenter.js';
import * as q from './search.queries.js';

// Hashtags and usernames hold only letters, digits and '_': anything else typed cannot match, so it goes
// ('Costa Brava' and 'costa-brava' both look for costabrava).
const NOT_IN_NAMES = /[^\p{L}\p{M}\p{N}_]/gu;

/** What a search box text asks for: a leading '#' only hashtags, '@' only users. */
export function readSearchText(text: string): { term: string; hashtags: boolean; users: boolean } {
  const sigil = text[0];
  const term = (sigil === '#' || sigil === '@' ? text.slice(1) : text).replace(NOT_IN_NAMES, '');
  return { term, hashtags: sigil !== '@', users: sigil !== '#' };
}

async function readSuggestions(ctx: AppContext, query: ReturnType<typeof readSearchText>) {
  const results: SearchResults = { p: [], u: [], c: [] };
  // Channels when the text names no group ('#' asks only for hashtags, '@' only for users).
  const rows = await q.selectSuggestions(ctx.db, {
    ...query,
    channels: query.hashtags && query.users,
    limit: SEARCH_GROUP_MAX,
  });
  for (const row of rows) {
    if (row.grp === 'p') results.p.push({ hashtag: row.label });
    else if (row.grp === 'u') results.u.push({ username: row.label, img_perfil: row.img });
    else
      results.c.push({ nombre: row.label, url: row.url, img_perfil: avatarUrl(ctx.media, row.img || null) });
  }
  return results;
}

/** The header's suggestions (spec §2, §3 "Search response"); the same for every caller. */
export async function searchAll(ctx: AppContext, text: string): Promise<SearchResults> {
  const query = readSearchText(text);
  if (!query.term) return { p: [], u: [], c: [] };
  // Shared by every caller (search-answers.ts).
  return ctx.searchAnswers.get(JSON.stringify(query), () => readSuggestions(ctx, query));
}
