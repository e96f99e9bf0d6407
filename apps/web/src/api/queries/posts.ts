import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { PostsPage } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf } from './apiData';
import { wallPostsRoot, type WallPage, type WallPageParam } from './wallCache';

export type { WallPage } from './wallCache';

/** Which posts a wall list shows: all, one hashtag's, or one user's. */
export interface WallScope {
  tag?: string;
  user?: string;
}

/** Posts per request: four rows of the three-column grid. */
const WALL_PAGE_SIZE = 12;

export const wallPostsKey = (scope: WallScope) =>
  [...wallPostsRoot, { tag: scope.tag ?? '', user: scope.user ?? '' }] as const;

async function fetchWallPage(
  scope: WallScope,
  { n, b }: WallPageParam,
  signal: AbortSignal,
): Promise<WallPage> {
  const params = new URLSearchParams({
    n: String(n),
    l: String(WALL_PAGE_SIZE),
    tag: scope.tag ?? '',
    cm: '1',
  });
  if (scope.user) params.set('u', scope.user);
  if (b) params.set('b', b);
  const page = await dataOf(api.get<ApiEnvelope<PostsPage>>(`/posts?1&${params}`, { signal }));
  return { posts: page.data, fin: page.fin, b: page.b, comments: page.comments ?? {}, created: [] };
}

/**
 * GET /api/posts?1&n=&l=&tag=&cm=1, page after page until fin = 1. Later pages send the first page's `b`,
 * so posts published meanwhile never push a post into the next page twice. The offset is the number of
 * posts the lists holds from the server (posts deleted or reported here are gone on the server too).
 */
export function useWallPostsQuery(scope: WallScope) {
  return useInfiniteQuery({
    queryKey: wallPostsKey(scope),
    queryFn: ({ pageParam, signal }) => fetchWallPage(scope, pageParam, signal),
    initialPageParam: { n: 0, b: null } as WallPageParam,
    getNextPageParam: (last, pages): WallPageParam | undefined =>
      last.fin === 1
        ? undefined
        : { n: pages.reduce((sum, page) => sum + page.posts.length, 0), b: pages[0]?.b ?? null },
  });
}
