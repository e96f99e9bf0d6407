import {
  POSTS_PAGE_DEFAULT,
  WALL_FIRST_PAGE_SCRIPT_ID,
  WALL_LIST_VIEW,
  WALL_VIEW_COOKIE,
  WALL_TILE_SIZES,
  wallThumbSrcSet,
} from '@nomadas/shared';
import { postsQuery } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { renderJsonScript } from '../../spa/page-meta.js';
import { responsiveImagePreloadTags, type HeadHintResolver } from '../../spa/route-hints.js';
import { listVisitorPosts } from './wall/wall.js';

const WALL_PAGE = /^\/muro\/?$/;
/**
 * The grid's first two rows (the tiles the app loads eagerly), which hold the largest paint of /muro on a
 * phone and on a desktop, and the whole of a visitor's five posts: fetched with the HTML, none of them waits
 * for the app to find it.
 */
const FIRST_SCREEN_TILES = 6;
const LIST_VIEW = new RegExp(`(?:^|;)\\s*${WALL_VIEW_COOKIE}=${WALL_LIST_VIEW}\\s*(?:;|$)`);

/**
 * `/muro`: the first screen's thumbnails start downloading with the HTML instead of after the app, its
 * screen and its first GET /api/posts, and a visitor's app finds that GET's answer in the HTML: the grid
 * shows as soon as the app does, one round trip earlier (a slow one, at a roadside area). The page is the
 * one that GET would read (shared for a second).
 */
export function wallPageHints(ctx: AppContext): HeadHintResolver {
  // The app's first GET /api/posts, so both read one shared page.
  const firstPage = postsQuery.parse({ n: '0', l: String(POSTS_PAGE_DEFAULT), tag: '', cm: '1' });
  return async (pathname, cookies) => {
    if (!WALL_PAGE.test(pathname)) return '';
    try {
      const page = await listVisitorPosts(ctx, firstPage);
      // Who chose the list sees no tile: its larger photos are the app's to ask for, in its own order.
      const tiles = LIST_VIEW.test(cookies ?? '')
        ? ''
        : responsiveImagePreloadTags(
            page.data.slice(0, FIRST_SCREEN_TILES).map(wallThumbSrcSet),
            WALL_TILE_SIZES,
          );
      return [tiles, renderJsonScript(WALL_FIRST_PAGE_SCRIPT_ID, page)].filter(Boolean).join('\n    ');
    } catch {
      // Hints are an optimisation: the page is served without them.
      return '';
    }
  };
}
