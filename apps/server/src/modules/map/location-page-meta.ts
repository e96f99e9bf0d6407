import { PAGE_HEAD } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { imageUrls } from '../../media/images.js';
import type { PageMeta, PageMetaResolver } from '../../spa/page-meta.js';
import { summarize } from '../posts/post-page-meta.js';
import { findLocationForPage } from './map.queries.js';

const LOCATION_PAGE = /^\/mapa\/location\/([^/]+)\/?$/;

/**
 * `/mapa/location/{urlpoint}` shared links: the place's name as title, its description (or where it is) as
 * description, its first photo as preview. An unknown place, or a draft, is the app's 404 with status 404.
 */
export function locationPageMeta(ctx: AppContext): PageMetaResolver {
  return async (pathname): Promise<PageMeta | null> => {
    const urlpoint = LOCATION_PAGE.exec(pathname)?.[1];
    if (urlpoint === undefined) return null;
    const { publicUrl, siteName } = ctx.config;
    const place = urlpoint.length <= 200 ? await findLocationForPage(ctx.db, urlpoint) : undefined;
    if (!place) {
      return { title: PAGE_HEAD.title(siteName), description: PAGE_HEAD.description, notFound: true };
    }
    const where = [place.municipality, place.province].filter(Boolean).join(', ');
    const meta: PageMeta = {
      title: PAGE_HEAD.locationTitle(place.name, siteName),
      description: summarize(place.description) || PAGE_HEAD.locationDescription(place.name, where),
      url: `${publicUrl}/mapa/location/${place.urlpoint}`,
    };
    const photo = place.photos[0];
    if (photo) {
      const image = imageUrls(ctx.media, photo).displayJpeg;
      meta.image = image.startsWith('/') ? `${publicUrl}${image}` : image;
    }
    return meta;
  };
}
