import type { PostsPage } from '@nomadas/shared/schemas';
import { createShortCache } from '../../../lib/short-cache.js';
import type { RealtimeEvents } from '../../../realtime/events.js';
import type { WallPostRow } from '../posts.queries.js';
import type { WallPageText } from './answer-text.js';

/**
 * A wall page as everybody sees it: its rows, its comment previews' ids, the visitor's answer, and that
 * answer as JSON cut where each logged-in caller's marks go.
 */
export interface SharedWallPage {
  rows: WallPostRow[];
  commentIds: string[];
  page: PostsPage;
  text: WallPageText;
}

/**
 * How long a page is trusted. Every write that changes what pages show is announced after its commit and
 * heard on every instance (follow, below); what that misses (an event lost while Redis was away, a change
 * made outside the app) shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Pages kept per instance besides the byte budget (WALL_PAGES_CACHE_MB), some 14 KB of JSON each. */
const MAX_PAGES = 1000;
/** The default budget, for tests: 32 MB, as WALL_PAGES_CACHE_MB. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A page's bytes in memory, estimated from its answer's UTF-8 (`text.pieces`): the rows and the page as
 * objects hold that text about twice each (UTF-16 strings), the pieces once, their deflated copies and the
 * visitors' answers cut from a head page (wall.ts) about once more.
 */
function sizeOf(page: SharedWallPage): number {
  let bytes = 0;
  for (const piece of page.text.pieces) bytes += piece.byteLength;
  return bytes * 6;
}

/**
 * The wall's shared pages, per instance (AppContext.wallPages): every caller of the same page shares one
 * read, including callers that arrive while it is under way, so a busy wall costs the database one read per
 * page it shows until a write changes that page.
 */
export function createWallPageCache(maxBytes = DEFAULT_MAX_BYTES, now: () => number = Date.now) {
  const pages = createShortCache<SharedWallPage>(TRUSTED_MS, MAX_PAGES, now, { maxBytes, sizeOf });

  function forget(postIds: readonly string[] | null) {
    if (postIds === null) return pages.clear();
    const changed = new Set(postIds);
    pages.forgetWhere((page) => page.rows.some((row) => changed.has(row.id)));
  }

  return {
    get: pages.get,

    /**
     * The pages that show any of `postIds` (a like, a comment, its like), or all of them (null: a post
     * added, edited, hidden or deleted moves every later post and changes hashtag lists). Pages still being
     * read go either way: they may have read from before the write.
     */
    forget,

    /**
     * Keeps every instance's pages current, forgetting after each write that changes what they show: a
     * reaction the pages of its post; a post published, edited, reported, hidden or deleted, an author's
     * new picture or deleted account (their posts and comments go), a place removed (posts lose its name)
     * every page.
     */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('post:reacted', ({ postId }) => forget([postId]));
      await events.subscribe('post:changed', () => forget(null));
      await events.subscribe('account:changed', ({ what }) => {
        if (what !== 'activated') forget(null);
      });
      await events.subscribe('place:changed', ({ what }) => {
        if (what === 'removed') forget(null);
      });
      // Changes published while this instance could not hear them are unknown: trust no page.
      events.onResume(() => forget(null));
    },

    /** Pages held and their estimated bytes, for tests. */
    size: pages.size,
  };
}

export type WallPageCache = ReturnType<typeof createWallPageCache>;
