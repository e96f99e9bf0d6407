import { useInfiniteQuery } from '@tanstack/react-query';
import { CHANNEL_FIRST_PAGE_SCRIPT_ID, VIDEOS_PAGE_DEFAULT } from '@nomadas/shared';
import type { Channel, ChannelPage, VideoCard } from '@nomadas/shared/schemas';
import { keepVisitorAnswer } from '../../pwa/keepAnswer';
import { callRequest } from '../callRequest';
import { find } from '../client';
import { foundData, takeVisitorAnswer } from './apiData';

export type { Channel, ChannelPage, VideoCard };

export const channelRoot = ['canal'] as const;
/** Channel urls are lower case; a link may not be. */
export const channelKey = (name: string) => [...channelRoot, name.toLowerCase()] as const;

const channelPageInput = (name: string, n: number) => ({
  params: { name },
  query: { n, l: VIDEOS_PAGE_DEFAULT },
});

/** GET /api/canales/{name}?n=&l=: a page of the channel's videos with the channel; null when there is none. */
export async function fetchChannelPage(
  name: string,
  n: number,
  signal?: AbortSignal,
): Promise<ChannelPage | null> {
  return foundData(find('GET /canales/:name', channelPageInput(name, n), { signal }));
}

/** A visitor's first page of the channel the page opened on, as its HTML carries it (channel-page-hints.ts). */
function takeInlinedFirstPage(name: string) {
  const page = takeVisitorAnswer<ChannelPage>(CHANNEL_FIRST_PAGE_SCRIPT_ID);
  if (page?.canal.url !== name.toLowerCase()) return undefined;
  keepVisitorAnswer(callRequest('GET /canales/:name', channelPageInput(name, 0)).url, page);
  return { pages: [page], pageParams: [0] };
}

/**
 * The channel and its videos, newest first, a page at a time ('Ver más'). A first page of null means there is no
 * such channel (404).
 */
export function useChannelQuery(name: string) {
  return useInfiniteQuery({
    queryKey: channelKey(name),
    queryFn: ({ pageParam, signal }) => fetchChannelPage(name, pageParam, signal),
    initialPageParam: 0,
    initialData: () => takeInlinedFirstPage(name),
    // As old as the HTML that carried it.
    initialDataUpdatedAt: performance.timeOrigin,
    getNextPageParam: (last, pages) =>
      !last || last.fin === 1 ? undefined : pages.reduce((sum, page) => sum + (page?.videos.length ?? 0), 0),
    enabled: name !== '',
  });
}
