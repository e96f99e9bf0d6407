import { PAGE_HEAD } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import type { PageMeta, PageMetaResolver } from '../../spa/page-meta.js';
import { summarize } from '../posts/post-page-meta.js';
import { normalizeUsername } from './profiles.service.js';
import { findProfileForPage } from './profiles.queries.js';

const PROFILE_PAGE = /^\/perfil\/([^/]+)\/?$/;
/** Wider than a valid username (any case, spaces around): what cannot be one is not looked up. */
const USERNAME_LIKE = /^\s*[A-Za-z0-9_]{1,50}\s*$/;

/**
 * `/perfil/{name}` shared links: the username as title, the description (or a default) as description,
 * the cover or else the avatar as preview. An unknown user's page is the app's 404, with status 404.
 */
export function profilePageMeta(ctx: AppContext): PageMetaResolver {
  return async (pathname): Promise<PageMeta | null> => {
    const name = PROFILE_PAGE.exec(pathname)?.[1];
    if (name === undefined) return null;
    const { publicUrl, siteName } = ctx.config;
    const user = USERNAME_LIKE.test(name)
      ? await findProfileForPage(ctx.db, normalizeUsername(name))
      : undefined;
    if (!user) {
      return { title: PAGE_HEAD.title(siteName), description: PAGE_HEAD.description, notFound: true };
    }
    const meta: PageMeta = {
      title: PAGE_HEAD.profileTitle(user.username, siteName),
      description: summarize(user.description) || PAGE_HEAD.profileDescription(user.username, siteName),
      url: `${publicUrl}/perfil/${user.username}`,
    };
    const image = user.img_cover || user.img_profile;
    if (image) meta.image = image.startsWith('/') ? `${publicUrl}${image}` : image;
    return meta;
  };
}
