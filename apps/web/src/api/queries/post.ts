import { useQuery } from '@tanstack/react-query';
import type { WallPost } from '@nomadas/shared/schemas';
import { find } from '../client';
import { foundData } from './apiData';
import { postRoot } from './wallCache';

export const postKey = (url: string) => [...postRoot, url] as const;

/**
 * GET /api/post/{url}: one post (a shared link). null when it does not exist or is no longer shown (404); no
 * answer at all is an error, so the modal offers to try again instead of calling the post gone.
 */
export function usePostQuery(url: string, enabled = true) {
  return useQuery({
    queryKey: postKey(url),
    queryFn: ({ signal }): Promise<WallPost | null> =>
      foundData(find('GET /post/:url', { params: { url } }, { signal })),
    enabled: enabled && url !== '',
  });
}
