import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MODERATION_PAGE_DEFAULT } from '@nomadas/shared';
import type { ModerationAction, ModerationPage } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export const moderationQueueKey = ['moderationQueue'] as const;

/**
 * GET /api/moderacion, page after page. The offset is the number of posts the list still holds: a post
 * reviewed here has left the queue on the server too.
 */
export function useModerationQueueQuery(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: moderationQueueKey,
    enabled,
    queryFn: ({ pageParam, signal }) =>
      dataOf(call('GET /moderacion', { query: { n: pageParam, l: MODERATION_PAGE_DEFAULT } }, { signal })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.fin === 1 ? undefined : pages.reduce((sum, page) => sum + page.data.length, 0),
    retry: false,
  });
}

/** Drops a reviewed post from the cached queue and counts it out of the total. */
function dropFromQueue(data: InfiniteData<ModerationPage> | undefined, url: string) {
  if (!data?.pages.some((page) => page.data.some((item) => item.url === url))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.filter((item) => item.url !== url),
      total: Math.max(0, page.total - 1),
    })),
  };
}

/**
 * POST /api/moderacion/{url} {action}. OK: the post leaves the queue. No answer (network, or a 404 when
 * someone else reviewed it first): the queue is read again. A KO keeps it, for the screen to show the msg.
 */
export function useReviewPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, action }: { url: string; action: ModerationAction }) =>
      call('POST /moderacion/:posturl', { params: { posturl: url }, body: { action } }),
    onSuccess: (answer, { url }) => {
      if (answer === false) return queryClient.invalidateQueries({ queryKey: moderationQueueKey });
      if (answer.state === 'OK')
        queryClient.setQueryData<InfiniteData<ModerationPage>>(moderationQueueKey, (data) =>
          dropFromQueue(data, url),
        );
    },
  });
}
