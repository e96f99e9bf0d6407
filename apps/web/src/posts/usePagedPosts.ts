import { useCallback, useMemo, useRef } from 'react';
import { WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { WallCommentPreview, WallPost } from '@nomadas/shared/schemas';
import { useWallPostsQuery, type WallPage, type WallScope } from '../api/queries/posts';
import { useSessionUser } from '../session/session';
import { useLoadMore } from './useLoadMore';

function flatten(data: { pages: WallPage[] } | undefined) {
  const posts: WallPost[] = [];
  const comments: Record<string, WallCommentPreview[]> = {};
  for (const page of data?.pages ?? []) {
    posts.push(...page.created, ...page.posts);
    Object.assign(comments, page.comments);
  }
  return { posts, comments };
}

/**
 * A list of posts (the wall, a hashtag's, a user's) paged on scroll: the next page loads when `end` comes within
 * 100 px of the bottom. Visitors see the first five posts and loading stops there (spec §2, §4).
 */
export function usePagedPosts(scope: WallScope) {
  const user = useSessionUser();
  const query = useWallPostsQuery(scope);
  const { posts: loaded, comments } = useMemo(() => flatten(query.data), [query.data]);

  const limited = !user && loaded.length >= WALL_VISITOR_POSTS;
  const posts = useMemo(() => (user ? loaded : loaded.slice(0, WALL_VISITOR_POSTS)), [user, loaded]);
  const canLoadMore = query.hasNextPage && !limited;

  const endRef = useRef<HTMLElement | null>(null);
  /** The mark after the last post (a callback ref). */
  const end = useCallback((element: HTMLElement | null) => {
    endRef.current = element;
  }, []);
  const { fetchNextPage } = query;
  const loadNext = useCallback(() => fetchNextPage(), [fetchNextPage]);
  const allowRetry = useLoadMore(endRef, {
    active: canLoadMore && !query.isFetching && !query.isFetchNextPageError,
    count: loaded.length,
    load: loadNext,
  });

  /** After a failed page: asks for it again. */
  const retryNext = useCallback(() => {
    allowRetry();
    void fetchNextPage();
  }, [allowRetry, fetchNextPage]);

  /** Brings the next page now (the post modal's next at the end of the list); resolves with the whole list. */
  const loadMore = useCallback(async () => flatten((await fetchNextPage()).data).posts, [fetchNextPage]);

  return { query, posts, comments, limited, canLoadMore, end, retryNext, loadMore };
}

export type PagedPosts = ReturnType<typeof usePagedPosts>;
