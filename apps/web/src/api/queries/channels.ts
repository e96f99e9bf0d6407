import { useInfiniteQuery } from '@tanstack/react-query';
import { CHANNELS_PAGE_DEFAULT, type ChannelOrder } from '@nomadas/shared';
import type { ChannelCard, ChannelsPage } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { ChannelCard, ChannelsPage };

export const channelsRoot = ['canales'] as const;
export const channelsKey = (orden: ChannelOrder) => [...channelsRoot, orden] as const;

/** GET /api/canales?orden=&n=&l=: the channel list in one order, a page at a time ('Ver más'). */
export function useChannelsQuery(orden: ChannelOrder) {
  return useInfiniteQuery({
    queryKey: channelsKey(orden),
    queryFn: ({ pageParam, signal }) =>
      dataOf(call('GET /canales', { query: { orden, n: pageParam, l: CHANNELS_PAGE_DEFAULT } }, { signal })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.fin === 1 ? undefined : pages.reduce((sum, page) => sum + page.data.length, 0),
  });
}
