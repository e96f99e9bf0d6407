import { useInfiniteQuery } from '@tanstack/react-query';
import { COMMENTS_PAGE_DEFAULT } from '@nomadas/shared';
import type { Flag, WallComment } from '@nomadas/shared/schemas';
import { call } from '../client';
import { ApiFailure } from './apiData';
import { commentsRoot } from './wallCache';

export const commentsKey = (url: string) => [...commentsRoot, url] as const;

/** One page of a post's comments as the cache keeps it: page 0 is the newest. */
export interface CommentsPage {
  /** Top-level comments, oldest first, each with its replies in `items`. */
  comments: WallComment[];
  fin: Flag;
  /** The oldest top-level comment id of the page as it came: the next (older) page starts before it. */
  a: number | null;
}

/** The loaded pages as one list, oldest first: older pages go above the newer ones. */
export const flattenComments = (data: { pages: CommentsPage[] } | undefined): WallComment[] =>
  [...(data?.pages ?? [])].reverse().flatMap((page) => page.comments);

async function fetchCommentsPage(url: string, before: number | null, signal: AbortSignal) {
  const query = { l: COMMENTS_PAGE_DEFAULT, a: before ?? undefined };
  const answer = await call('GET /comment/get/:post', { params: { post: url }, query }, { signal });
  if (answer === false || answer.state !== 'OK')
    throw new ApiFailure(answer === false ? undefined : answer.msg);
  const comments = answer.data;
  return { comments, fin: answer.fin, a: comments[0]?.id ?? null } satisfies CommentsPage;
}

/**
 * GET /api/comment/get/{post}?l=&a=: the newest top-level comments first, each with its replies; older pages on
 * request ('Ver más comentarios'), each continuing before the oldest comment held, so new ones never shift them.
 */
export function useCommentsQuery(url: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: commentsKey(url),
    queryFn: ({ pageParam, signal }) => fetchCommentsPage(url, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.fin === 1 || last.a === null ? undefined : last.a),
    enabled,
  });
}
