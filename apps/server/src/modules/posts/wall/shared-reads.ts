import { createShortCache } from '../../../lib/short-cache.js';
import type { RealtimeEvents } from '../../../realtime/events.js';
import type { WallPostRow } from '../posts.queries.js';
import type { AnswerText } from './answer-text.js';
import type { PresentedPage } from './wall-reads.js';

/**
 * A wall page as everybody sees it: its rows, its comment previews' ids, the visitor's answer, and that
 * answer as JSON cut where each logged-in caller's marks go.
 */
export interface SharedWallPage extends PresentedPage {
  text: AnswerText;
}

/** A single post as everybody sees it (GET /api/post/{url}): its row and its answer cut for the marks. */
export interface SharedPost {
  row: WallPostRow;
  text: AnswerText;
}

/**
 * How long a page or post is trusted. Every write that changes what they show is announced after its commit
 * and heard on every instance (follow, below); what that misses (an event lost while Redis was away, a change
 * made outside the app) shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Pages kept per instance besides the byte budget (WALL_PAGES_CACHE_MB), some 14 KB of JSON each. */
const MAX_PAGES = 1000;
/** Single posts kept per instance besides theirs (a fourth of the pages'), 1 KB of JSON each. */
const MAX_POSTS = 10_000;
/** The default budget, for tests: 32 MB, as WALL_PAGES_CACHE_MB. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

const textBytes = (text: AnswerText) => text.pieces.reduce((bytes, piece) => bytes + piece.byteLength, 0);

/**
 * A page's bytes in memory, estimated from its answer's UTF-8 (`text.pieces`): the rows and the page as
 * objects hold that text about twice each (UTF-16 strings), the pieces once, their deflated copies and the
 * visitors' answers cut from a head page (visitor-pages.ts) about once more. A post keeps no presented object.
 */
const pageBytes = (page: SharedWallPage) => textBytes(page.text) * 6;
const postBytes = (post: SharedPost | null) => (post ? textBytes(post.text) * 4 : 100);

/**
 * The wall's shared reads, per instance (AppContext.wallPages): its pages, and its single posts by url (null
 * where none is visible to everybody). Every caller of the same page or post shares one read, including
 * callers that arrive while it is under way, so a busy wall costs the database one read per page or post it
 * shows until a write changes it.
 */
export function createWallPageCache(maxBytes = DEFAULT_MAX_BYTES, now: () => number = Date.now) {
  const pages = createShortCache<SharedWallPage>(TRUSTED_MS, MAX_PAGES, now, { maxBytes, sizeOf: pageBytes });
  const posts = createShortCache<SharedPost | null>(TRUSTED_MS, MAX_POSTS, now, {
    maxBytes: maxBytes / 4,
    sizeOf: postBytes,
  });

  function forget(postIds: readonly string[] | null) {
    if (postIds === null) {
      pages.clear();
      return posts.clear();
    }
    const changed = new Set(postIds);
    pages.forgetWhere((page) => page.rows.some((row) => changed.has(row.id)));
    posts.forgetWhere((post) => post !== null && changed.has(post.row.id));
  }

  return {
    get: pages.get,
    /** Hits and misses of the pages and of the single posts, for the metrics. */
    reads: { pages: pages.reads, posts: posts.reads },

    /** The post at `url` as everybody sees it, or null when everybody gets a 404 there. */
    post: posts.get,

    /**
     * The pages and posts that show any of `postIds` (a like, a comment, its like), or all of them (null: a
     * new picture, a deleted account, a place removed). Those still being read go either way: they may have
     * read from before the write.
     */
    forget,

    /**
     * Keeps every instance's pages and posts current, forgetting after each write that changes what they
     * show: a reaction those of its post; a post published, edited, reported, hidden or deleted every page
     * (it moves every later post and changes hashtag lists), that post, and the urls that showed none (a post
     * shown again may be one of them); an author's new picture or deleted account (their posts and comments
     * go), a place removed (posts lose its name) all of them.
     */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('post:reacted', ({ postId }) => forget([postId]));
      await events.subscribe('post:changed', ({ postId }) => {
        pages.clear();
        posts.forgetWhere((post) => post === null || post.row.id === postId);
      });
      await events.subscribe('account:changed', ({ what }) => {
        if (what !== 'activated') forget(null);
      });
      await events.subscribe('place:changed', ({ what }) => {
        if (what === 'removed') forget(null);
      });
      // Changes published while this instance could not hear them are unknown: trust none.
      events.onResume(() => forget(null));
    },

    /** Pages held and their estimated bytes, for tests. */
    size: pages.size,
    /** The same for single posts. */
    postsSize: posts.size,
  };
}

export type WallPageCache = ReturnType<typeof createWallPageCache>;
