import type { PostsPage } from '@nomadas/shared/schemas';
import { createShortCache } from '../../lib/short-cache.js';
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

/** Long enough to spare the database under load, short enough that other instances' writes show soon. */
const SHARED_PAGE_TTL_MS = 1000;

/** One per app (AppContext.wallPages); the services that change what a page shows clear it. */
export const createWallPageCache = () => createShortCache<SharedWallPage>(SHARED_PAGE_TTL_MS);
export type WallPageCache = ReturnType<typeof createWallPageCache>;
