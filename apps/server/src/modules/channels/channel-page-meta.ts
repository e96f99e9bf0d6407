import { PAGE_HEAD } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { imageUrls } from '../../media/images.js';
import type { PageMeta, PageMetaResolver } from '../../spa/page-meta.js';
import { summarize } from '../posts/post-page-meta.js';
import { findVideo } from './channel-videos.queries.js';
import { findChannelByUrl } from './channels.queries.js';

const CHANNEL_PAGE = /^\/canales\/([^/]+)(?:\/([^/]+))?\/?$/;
/** Longer names exist nowhere (the calls' params say the same): no query for them. */
const NAME_MAX = 300;

/**
 * `/canales/{url}` and `/canales/{url}/{video}` shared links: the channel's name or the video's title as
 * title, its description (or a sentence about it) as description, and the cover, avatar or poster as
 * preview. An unknown channel, or a video that is unknown or not ready, is the app's 404 with status 404.
 */
export function channelPageMeta(ctx: AppContext): PageMetaResolver {
  return async (pathname): Promise<PageMeta | null> => {
    const match = CHANNEL_PAGE.exec(pathname);
    if (!match) return null;
    const [, channelName = '', videoName] = match;
    const { publicUrl, siteName } = ctx.config;
    const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
    const notFound: PageMeta = {
      title: PAGE_HEAD.title(siteName),
      description: PAGE_HEAD.description,
      notFound: true,
    };

    if (channelName.length > NAME_MAX || (videoName?.length ?? 0) > NAME_MAX) return notFound;
    const channel = await findChannelByUrl(ctx.db, channelName.toLowerCase(), null);
    if (!channel) return notFound;
    if (videoName === undefined) {
      const meta: PageMeta = {
        title: PAGE_HEAD.channelTitle(channel.name, siteName),
        description: summarize(channel.description) || PAGE_HEAD.channelDescription(channel.name, siteName),
        url: `${publicUrl}/canales/${channel.url}`,
      };
      const image = channel.cover ?? channel.avatar;
      if (image) {
        const urls = imageUrls(ctx.media, image);
        meta.image = absolute(channel.cover ? urls.displayJpeg : urls.thumbJpeg);
      }
      return meta;
    }

    const video = await findVideo(ctx.db, channel.id, videoName, null);
    if (!video || video.state !== 'lista') return notFound;
    const meta: PageMeta = {
      title: `${PAGE_HEAD.videoTitle(video.title, channel.name)} - ${siteName}`,
      description: summarize(video.description) || PAGE_HEAD.videoDescription(video.title, channel.name),
      url: `${publicUrl}/canales/${channel.url}/${video.name}`,
    };
    if (video.poster_key) meta.image = absolute(ctx.media.urlFor(video.poster_key));
    return meta;
  };
}
