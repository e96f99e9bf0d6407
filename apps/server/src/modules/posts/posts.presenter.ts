import type { WallPost } from '@nomadas/shared/schemas';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import type { WallPostRow } from './posts.queries.js';

export interface PresentContext {
  viewerId: string | null;
  media: MediaStore;
}

/** A post row as the spec names its fields, with the flags computed for the caller. */
export function presentPost(row: WallPostRow, index: number, context: PresentContext): WallPost {
  const urls = imageUrls(context.media, row.media);
  const self = context.viewerId === row.user_id;
  const post: WallPost = {
    url: row.url,
    username: row.username,
    userimg: row.img_profile,
    media: urls.display,
    mediaJpeg: urls.displayJpeg,
    thumb: urls.thumb,
    thumbSmall: urls.thumbSmall,
    thumbJpeg: urls.thumbJpeg,
    width: row.media_width,
    height: row.media_height,
    mediatext: row.text,
    descripcion: row.edited_text,
    date: new Date(row.created_at).toISOString(),
    likes: row.likes_count,
    islike: row.liked ? 1 : 0,
    comentarios: row.comments_count,
    self,
    index,
    lugar: row.lugar_u !== null && row.lugar_n !== null ? { u: row.lugar_u, n: row.lugar_n } : null,
  };
  if (context.viewerId !== null && !self) post.follow = row.follows_author ? 1 : 0;
  // Only its author is ever shown a post hidden by reports.
  if (self && row.hidden_at !== null) post.hidden = true;
  return post;
}
