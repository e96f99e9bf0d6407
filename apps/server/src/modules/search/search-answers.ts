import type { SearchResults } from '@nomadas/shared/answers';
import { createShortCache } from '../../lib/short-cache.js';
import type { RealtimeEvents } from '../../realtime/events.js';

/**
 * How long an answer is trusted. Every write that changes what suggestions show is announced after its
 * commit and heard on every instance (follow, below); what that misses shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Texts answered per instance besides the byte budget (SEARCH_CACHE_MB), a few hundred bytes each. */
const MAX_TEXTS = 5_000;
/** The default budget, for tests: 8 MB, as SEARCH_CACHE_MB. */
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/** An answer's bytes in memory, estimated: its strings as UTF-16, with their objects' keys. */
const sizeOf = (answer: SearchResults) => JSON.stringify(answer).length * 2;

/**
 * The search suggestions' shared answers, per instance (AppContext.searchAnswers): everyone typing gets
 * the same ones, and the same few prefixes ('g', 'ga', 'gal'...) come from many people, so each is read
 * once until a write changes what they show.
 */
export function createSearchAnswers(maxBytes = DEFAULT_MAX_BYTES) {
  const answers = createShortCache<SearchResults>(TRUSTED_MS, MAX_TEXTS, Date.now, { maxBytes, sizeOf });
  return {
    get: answers.get,
    reads: answers.reads,
    /**
     * Keeps every instance's answers current: they show the hashtags of visible posts (a post published,
     * edited, reported, hidden or deleted), accounts (activated, with a new picture, deleted), channels and places.
     * A reaction to a post changes none.
     */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('post:changed', () => answers.clear());
      await events.subscribe('account:changed', () => answers.clear());
      await events.subscribe('channel:changed', () => answers.clear());
      // Places are suggested while public: one added public, confirmed (a draft no more) or removed.
      await events.subscribe('place:changed', ({ what }) => {
        if (what === 'added' || what === 'confirmed' || what === 'removed') answers.clear();
      });
      // Changes published while this instance could not hear them are unknown: trust no answer.
      events.onResume(() => answers.clear());
    },
    /** Texts held and their estimated bytes, for tests. */
    size: answers.size,
  };
}

export type SearchAnswers = ReturnType<typeof createSearchAnswers>;
