import type { SearchResults } from '@nomadas/shared/answers';
import { createShortCache } from '../../lib/short-cache.js';
import type { RealtimeEvents } from '../../realtime/events.js';

/**
 * How long an answer is trusted. Every write that changes what suggestions show (a post's hashtags or
 * visibility, a new, changed or deleted account, a channel) forgets them on every instance
 * ('search:changed', after its commit); what that misses shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Texts answered per instance, a few hundred bytes each: beyond them the one read longest ago goes. */
const MAX_TEXTS = 5_000;

/**
 * The search suggestions' shared answers, per instance (AppContext.searchAnswers): everyone typing gets
 * the same ones, and the same few prefixes ('g', 'ga', 'gal'...) come from many people, so each is read
 * once until a write changes what they show.
 */
export function createSearchAnswers() {
  const answers = createShortCache<SearchResults>(TRUSTED_MS, MAX_TEXTS);
  return {
    get: answers.get,
    forget: answers.clear,
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('search:changed', () => answers.clear());
      // Changes published while this instance could not hear them are unknown: trust no answer.
      events.onResume(() => answers.clear());
    },
  };
}

export type SearchAnswers = ReturnType<typeof createSearchAnswers>;
