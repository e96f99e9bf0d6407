import { useInfiniteQuery } from '@tanstack/react-query';
import { VIDEOS_PAGE_DEFAULT, type ApiEnvelope } from '@nomadas/shared';
import type { Channel, ChannelPage, VideoCard } from '@nomadas/shared/schemas';
import { api } from '../client';
import { foundData, segment } from './apiData';

export type { Channel, ChannelPage, VideoCard };

export const channelRoot = ['canal'] as const;
/** Channel urls are lower case; a link may not be. */
export const channelKey = (name: string) => [...channelRoot, name.toLowerCase()] as const;

/** GET /api/canales/{name}?n=&l=: a page of the channel's videos with the channel; null when there is none. */
export async function fetchChannelPage(
  name: string,
  n: number,
  signal?: AbortSignal,
): Promise<ChannelPage | null> {
  const params = new URLSearchParams({ n: String(n), l: String(VIDEOS_PAGE_DEFAULT) });
  return foundData(api.find<ApiEnvelope<ChannelPage>>(`/canales/${segment(name)}?${params}`, { signal }));
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
    getNextPageParam: (last, pages) =>
      !last || last.fin === 1 ? undefined : pages.reduce((sum, page) => sum + (page?.videos.length ?? 0), 0),
    enabled: name !== '',
  });
}
