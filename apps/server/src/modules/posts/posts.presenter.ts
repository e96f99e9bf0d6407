import type { WallPost } from '@nomadas/shared/schemas';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import type { WallPostRow } from './posts.queries.js';
import { POST_READER_FIELDS, hiddenField, readerFields, type ReaderView } from './wall/reader-fields.js';

/**
 * A post row as the spec names its fields. What depends on who reads it comes from the wall's declaration of
 * those fields (wall/reader-fields.ts), for `reader`: a field written here would be everybody's.
 */
export function presentPost(
  row: WallPostRow,
  index: number,
  reader: ReaderView,
  media: MediaStore,
): WallPost {
  const urls = imageUrls(media, row.media);
  const subject = { id: row.id, authorId: row.user_id };
  return {
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
    comentarios: row.comments_count,
    index,
    lugar: row.lugar_u !== null && row.lugar_n !== null ? { u: row.lugar_u, n: row.lugar_n } : null,
    ...readerFields(POST_READER_FIELDS, subject, reader),
    ...hiddenField({ ...subject, hidden: row.hidden_at !== null }, reader),
  };
}
