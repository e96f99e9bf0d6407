import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { api } from '../client';
import { ApiFailure, segment } from './apiData';
import { postRoot } from './wallCache';

export const postKey = (url: string) => [...postRoot, url] as const;

/** GET /api/post/{url}: one post (a shared link). null when it does not exist or is no longer shown. */
export function usePostQuery(url: string, enabled = true) {
  return useQuery({
    queryKey: postKey(url),
    queryFn: async ({ signal }): Promise<WallPost | null> => {
      const answer = await api.get<ApiEnvelope<WallPost>>(`/post/${segment(url)}`, { signal });
      if (answer === false) return null;
      if (answer.state !== 'OK') throw new ApiFailure(answer.msg);
      return answer.data ?? null;
    },
    enabled: enabled && url !== '',
  });
}
