import type { PostsPage } from '@nomadas/shared/schemas';
import { createShortCache } from '../../lib/short-cache.js';
import type { RealtimeEvents } from '../../realtime/events.js';
import type { WallPostRow } from './posts.queries.js';
import type { WallPageText } from './wall-page-text.js';

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
 * How long a page is trusted. Every write that changes what pages show forgets them on every instance
 * ('wall:changed', after its commit); what that misses (an event lost while Redis was away, a change
 * made outside the app) shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Pages kept per instance, some 15 KB each: a page asked for beyond them drops the one read longest ago. */
const MAX_PAGES = 1000;

/**
 * The wall's shared pages, per instance (AppContext.wallPages): every caller of the same page shares one
 * read, including callers that arrive while it is under way, so a busy wall costs the database one read per
 * page it shows until a write changes that page.
 */
export function createWallPageCache(now: () => number = Date.now) {
  const pages = createShortCache<SharedWallPage>(TRUSTED_MS, MAX_PAGES, now);

  function forget(postIds: readonly string[] | null) {
    if (postIds === null) return pages.clear();
    const changed = new Set(postIds);
    pages.forgetWhere((page) => page.rows.some((row) => changed.has(row.id)));
  }

  return {
    get: pages.get,

    /**
     * After a commit: the pages that show any of `postIds` (a like, a comment, its like), or all of them
     * (null: a post added, edited, hidden or deleted moves every later post and changes hashtag lists).
     * Pages still being read go either way: they may have read from before the write.
     */
    forget,

    /** Keeps every instance's pages current: forgetSharedPages publishes 'wall:changed' after its commit. */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('wall:changed', (event) => forget(event.postIds));
      // Changes published while this instance could not hear them are unknown: trust no page.
      events.onResume(() => forget(null));
    },
  };
}

export type WallPageCache = ReturnType<typeof createWallPageCache>;
