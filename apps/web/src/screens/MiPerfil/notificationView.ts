import type { NotificationItem } from '@nomadas/shared/schemas';
import { esNotifications } from '../../i18n/screens/notifications';
import { settings } from '../../settings';

const text = esNotifications;
const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/** Where a notification leads: the post (/muro/{url}), the profile, the video; null when it is gone. */
export function notificationHref(item: NotificationItem): string | null {
  const { target } = item;
  if (target?.kind === 'post' || target?.kind === 'comment') return path('muro', target.url);
  if (target?.kind === 'profile') return path('perfil', target.username);
  if (target?.kind === 'video') return path('canales', target.canal, target.url);
  // The welcome announces the '10 joyas' guide every account has (issue #33).
  if (item.type === 'welcome') return '/guia';
  return item.actor ? path('perfil', item.actor.username) : null;
}

export type SentencePart = { name: string } | string;

/** The type's sentence, its `{user}` or `{canal}` as a part of its own (shown in bold). */
export function notificationSentence(item: NotificationItem): SentencePart[] {
  const name =
    item.type === 'channel_video' && item.target?.kind === 'video'
      ? item.target.canal
      : (item.actor?.username ?? text.someone);
  const sentence = text.sentence[item.type].replace('{site}', settings.siteName);
  return sentence
    .split(/(\{user\}|\{canal\})/)
    .filter(Boolean)
    .map((part) => (part === '{user}' || part === '{canal}' ? { name } : part));
}

/** The quoted text under the sentence: the post's, the comment's or the video's title. */
export function notificationExcerpt(item: NotificationItem): string | null {
  const { target } = item;
  if (target && 'text' in target && target.text) return target.text;
  return null;
}
