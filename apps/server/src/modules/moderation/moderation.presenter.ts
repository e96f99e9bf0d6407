import type { ModerationItem } from '@nomadas/shared/schemas';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import type { PendingPostRow } from './moderation.queries.js';

export function presentPendingPost(row: PendingPostRow, media: MediaStore): ModerationItem {
  const urls = imageUrls(media, row.media);
  return {
    url: row.url,
    username: row.username,
    userimg: row.img_profile,
    thumb: urls.thumb,
    thumbJpeg: urls.thumbJpeg,
    media: urls.display,
    mediaJpeg: urls.displayJpeg,
    width: row.media_width,
    height: row.media_height,
    text: row.edited_text ?? row.text,
    date: new Date(row.created_at).toISOString(),
    hiddenAt: new Date(row.hidden_at!).toISOString(),
    reports: row.reports_count,
    weight: row.report_weight,
  };
}
