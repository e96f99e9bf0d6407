import { useInfiniteQuery } from '@tanstack/react-query';
import { POSTS_PAGE_DEFAULT, WALL_FIRST_PAGE_SCRIPT_ID } from '@nomadas/shared';
import type { PostsPage } from '@nomadas/shared/schemas';
import { keepVisitorAnswer } from '../../pwa/keepAnswer';
import { callRequest } from '../callRequest';
import { call } from '../client';
import { dataOf, takeVisitorAnswer } from './apiData';
import { wallPostsRoot, type WallPage, type WallPageParam } from './wallCache';

export type { WallPage } from './wallCache';

/** Which posts a wall list shows: all, one hashtag's, one user's, or those of the people I follow. */
export interface WallScope {
  tag?: string;
  user?: string;
  /** 'Siguiendo': only the people the logged-in user follows. */
  following?: boolean;
}

/** Posts per request (the spec's l=12): four rows of the three-column grid. */
const WALL_PAGE_SIZE = POSTS_PAGE_DEFAULT;

export const wallPostsKey = (scope: WallScope) =>
  [...wallPostsRoot, { tag: scope.tag ?? '', user: scope.user ?? '', following: !!scope.following }] as const;

const wallQuery = (scope: WallScope, { n, b, a }: WallPageParam) => ({
  n,
  l: WALL_PAGE_SIZE,
  tag: scope.tag ?? '',
  cm: 1,
  u: scope.user || undefined,
  f: scope.following ? 1 : undefined,
  b: b || undefined,
  a: a || undefined,
});

async function fetchWallPage(scope: WallScope, param: WallPageParam, signal: AbortSignal): Promise<WallPage> {
  return wallPage(await dataOf(call('GET /posts', { query: wallQuery(scope, param) }, { signal })));
}

const wallPage = (page: PostsPage): WallPage => ({
  posts: page.data,
  fin: page.fin,
  b: page.b,
  a: page.a ?? null,
  comments: page.comments ?? {},
  created: [],
});

const FIRST_PAGE: WallPageParam = { n: 0, b: null, a: null };

/** A visitor's first page of the whole wall, as /muro's HTML carries it (the server's wall-page-hints.ts). */
function takeInlinedFirstPage(scope: WallScope) {
  if (scope.tag || scope.user || scope.following) return undefined;
  const page = takeVisitorAnswer<PostsPage>(WALL_FIRST_PAGE_SCRIPT_ID);
  if (!page) return undefined;
  keepVisitorAnswer(callRequest('GET /posts', { query: wallQuery(scope, FIRST_PAGE) }).url, page);
  return { pages: [wallPage(page)], pageParams: [FIRST_PAGE] };
}

/**
 * GET /api/posts?n=&l=&tag=&cm=1, page after page until fin = 1. Later pages send `a`, the id of the last
 * post the list holds, so the server continues right after it (as cheap deep down as at the top) and posts
 * published meanwhile never push a post into the next page twice; they also send the first page's `b`.
 * `n` stays the number of posts the list holds from the server, which numbers the posts.
 */
export function useWallPostsQuery(scope: WallScope) {
  return useInfiniteQuery({
    queryKey: wallPostsKey(scope),
    queryFn: ({ pageParam, signal }) => fetchWallPage(scope, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    initialData: () => takeInlinedFirstPage(scope),
    // As old as the HTML that carried it.
    initialDataUpdatedAt: performance.timeOrigin,
    getNextPageParam: (last, pages): WallPageParam | undefined =>
      last.fin === 1
        ? undefined
        : {
            n: pages.reduce((sum, page) => sum + page.posts.length, 0),
            b: pages[0]?.b ?? null,
            a: last.a,
          },
  });
}
