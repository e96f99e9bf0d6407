import type { AppContext } from '../../context.js';
import { imagePreloadTags, type HeadHintResolver } from '../../spa/route-hints.js';
import { findVideo } from './channel-videos.queries.js';
import { getChannelPage, requireChannel } from './channels.service.js';

const CHANNEL_PAGE = /^\/canales\/([^/]+)(?:\/([^/]+))?\/?$/;
/** The tiles the channel screen loads eagerly (Canal/canal.tsx): its first row on a phone. */
const EAGER_POSTERS = 2;

/**
 * `/canales/{url}`: the first posters, and `/canales/{url}/{video}`: the video's poster, start downloading
 * with the HTML (the page's largest paint on a phone, which otherwise waits for the app, its screen and its
 * API call). Not the cover: at 1440 px it is some 250 KB that a slow phone would fetch before the app's
 * code. Read as a visitor reads them; an unknown channel or video gives no hints.
 */
export function channelPageHints(ctx: AppContext): HeadHintResolver {
  return async (pathname) => {
    const match = CHANNEL_PAGE.exec(pathname);
    if (!match) return '';
    const [, channelName = '', videoName] = match;
    try {
      if (videoName === undefined) {
        // The newest videos are the first tiles: only those are read.
        const page = await getChannelPage(ctx, null, channelName, { n: 0, l: EAGER_POSTERS });
        return imagePreloadTags(page.videos.map((video) => video.poster));
      }
      const channel = await requireChannel(ctx.db, channelName, null);
      const video = await findVideo(ctx.db, channel.id, videoName, null);
      const ready = video?.state === 'lista' && video.poster_key;
      return ready ? imagePreloadTags([ctx.media.urlFor(video.poster_key!)]) : '';
    } catch {
      // Hints are an optimisation (and an unknown channel is the 404 page's business).
      return '';
    }
  };
}
