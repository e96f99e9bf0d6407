import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { WallComment } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { commentsRoot } from './wallCache';

export const commentsKey = (url: string) => [...commentsRoot, url] as const;

/** GET /api/comment/get/{post}: top-level comments oldest first, each with its replies in `items`. */
export function useCommentsQuery(url: string, enabled = true) {
  return useQuery({
    queryKey: commentsKey(url),
    queryFn: ({ signal }) =>
      dataOf(api.get<ApiEnvelope<WallComment[]>>(`/comment/get/${segment(url)}`, { signal })),
    enabled,
  });
}
