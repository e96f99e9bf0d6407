import type { NotificationItem, NotificationTarget } from '@nomadas/shared/answers';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import { EXCERPT_READ, type NotificationRow } from './notifications.queries.js';

const EXCERPT_MAX = 80;
/**
 * The first 80 characters of a text read up to EXCERPT_READ, its runs of spaces and line breaks as one
 * space (a surrogate pair counting as one character, as spec §5 counts), with … when it goes on.
 */
export function excerpt(read: string): string {
  const characters = Array.from(read.replace(/\s+/g, ' ').trimStart());
  const goesOn = characters.length > EXCERPT_MAX || Array.from(read).length >= EXCERPT_READ;
  const shown = characters.slice(0, EXCERPT_MAX).join('').trimEnd();
  return goesOn ? `${shown}…` : shown;
}

function targetOf(row: NotificationRow, media: MediaStore): NotificationTarget | null {
  switch (row.type) {
    case 'post_like':
    case 'mention':
      if (row.post_url === null || row.post_media === null) return null;
      return {
        kind: 'post',
        url: row.post_url,
        text: excerpt(row.post_text ?? ''),
        thumb: imageUrls(media, row.post_media).thumbSmall,
      };
    case 'post_comment':
    case 'comment_reply':
    case 'comment_like':
      if (row.post_url === null || row.post_media === null) return null;
      return {
        kind: 'comment',
        url: row.post_url,
        text: excerpt(row.comment_text ?? ''),
        thumb: imageUrls(media, row.post_media).thumbSmall,
      };
    case 'follow':
    case 'friend':
      return row.actor_username === null ? null : { kind: 'profile', username: row.actor_username };
    case 'channel_video':
      if (row.video_name === null || row.channel_url === null) return null;
      return {
        kind: 'video',
        canal: row.channel_url,
        url: row.video_name,
        text: excerpt(row.video_title ?? ''),
      };
    case 'welcome':
      return null;
  }
}

/** A stored notification as GET /api/notifications answers it. */
export function presentNotification(row: NotificationRow, media: MediaStore): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor_username === null ? null : { username: row.actor_username, img: row.actor_img ?? '' },
    target: targetOf(row, media),
    date: new Date(row.created_at).toISOString(),
    seen: row.seen_at !== null,
  };
}
