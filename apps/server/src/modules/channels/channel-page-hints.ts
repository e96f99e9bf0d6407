import { CHANNEL_FIRST_PAGE_SCRIPT_ID, VIDEOS_PAGE_DEFAULT } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { renderJsonScript } from '../../spa/page-meta.js';
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
 * code. A channel's HTML also carries the first page a visitor's app asks for (Canal/canal.tsx), so the
 * screen paints without that round trip. Read as a visitor reads them; an unknown channel or video gives
 * no hints.
 */
export function channelPageHints(ctx: AppContext): HeadHintResolver {
  return async (pathname) => {
    const match = CHANNEL_PAGE.exec(pathname);
    if (!match) return '';
    const [, channelName = '', videoName] = match;
    try {
      if (videoName === undefined) {
        // The app's first GET /api/canales/{url}, as a visitor reads it.
        const page = await getChannelPage(ctx, null, channelName, { n: 0, l: VIDEOS_PAGE_DEFAULT });
        return [
          imagePreloadTags(page.videos.slice(0, EAGER_POSTERS).map((video) => video.poster)),
          renderJsonScript(CHANNEL_FIRST_PAGE_SCRIPT_ID, page),
        ].join('\n    ');
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
