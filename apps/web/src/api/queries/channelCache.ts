import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChannelPage, ChannelsPage, Subscription, VideoCard, VideoPage } from '@nomadas/shared/schemas';
import { channelKey } from './channel';
import { channelsRoot } from './channels';
import { videoRoot } from './video';

/** A confirmed subscription change, written into the channel's page, its videos' pages and the lists. */
export function applySubscription(queryClient: QueryClient, url: string, { subscribed, subs }: Subscription) {
  queryClient.setQueryData<InfiniteData<ChannelPage | null, number>>(channelKey(url), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => page && { ...page, canal: { ...page.canal, subscribed, subs } }),
        }
      : data,
  );
  queryClient.setQueriesData<VideoPage | null>({ queryKey: [...videoRoot, url.toLowerCase()] }, (page) =>
    page ? { ...page, canal: { ...page.canal, subscribed, subs } } : page,
  );
  queryClient.setQueriesData<InfiniteData<ChannelsPage, number>>({ queryKey: channelsRoot }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((card) => (card.url === url ? { ...card, subs } : card)),
          })),
        }
      : data,
  );
}

/** A confirmed like or view: the video's page and its card in the channel's grid. */
export function patchVideo(
  queryClient: QueryClient,
  canal: string,
  name: string,
  patch: Partial<Pick<VideoCard, 'likes' | 'views'>> & { islike?: boolean },
) {
  const { islike, ...counts } = patch;
  queryClient.setQueriesData<VideoPage | null>(
    { queryKey: [...videoRoot, canal.toLowerCase(), name] },
    (page) =>
      page
        ? { ...page, video: { ...page.video, ...counts, ...(islike === undefined ? {} : { islike }) } }
        : page,
  );
  queryClient.setQueryData<InfiniteData<ChannelPage | null, number>>(channelKey(canal), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map(
            (page) =>
              page && {
                ...page,
                videos: page.videos.map((video) => (video.name === name ? { ...video, ...counts } : video)),
              },
          ),
        }
      : data,
  );
}
