import { PAGE_HEAD } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { imageUrls } from '../../media/images.js';
import type { PageMeta, PageMetaResolver } from '../../spa/page-meta.js';
import { findPostForPage } from './posts.queries.js';

const DESCRIPTION_MAX_CHARS = 160;
const POST_PAGE = /^\/muro\/([^/]+)\/?$/;

/** Whitespace folded and cut at a code point (never inside an emoji), with an ellipsis when cut. */
export function summarize(text: string, max = DESCRIPTION_MAX_CHARS): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** `/muro/{post}` shared links: the author as title, the post text as description, the photo as preview. */
export function postPageMeta(ctx: AppContext): PageMetaResolver {
  return async (pathname): Promise<PageMeta | null> => {
    const url = POST_PAGE.exec(pathname)?.[1];
    if (!url || url.length > 200) return null;
    const post = await findPostForPage(ctx.db, url);
    if (!post) return null;
    const { publicUrl, siteName } = ctx.config;
    const image = imageUrls(ctx.media, post.media).displayJpeg;
    return {
      title: PAGE_HEAD.postTitle(post.username, siteName),
      description:
        summarize(post.edited_text ?? post.text) || PAGE_HEAD.postDescription(post.username, siteName),
      image: image.startsWith('/') ? `${publicUrl}${image}` : image,
      url: `${publicUrl}/muro/${post.url}`,
    };
  };
}
