import { PUSH_NOTICE } from '@nomadas/shared';
import { excerpt } from '../notifications/notifications.presenter.js';
import type { NotificationForPush } from './push.queries.js';

/** The payload the service worker shows: small JSON, encrypted for the browser (RFC 8291). */
export interface PushNotice {
  title: string;
  body: string;
  /** The app's page a tap opens. */
  url: string;
  /** Notices of one tag replace each other on the phone (one per conversation, per comment, per follower). */
  tag: string;
}

/** A notice and how the push service should treat it (RFC 8030: TTL, Urgency, Topic). */
export interface PushDelivery {
  notice: PushNotice;
  /** Seconds the push service keeps it for a phone out of signal: nomads spend days in valleys. */
  ttl: number;
  urgency: 'low' | 'normal' | 'high';
  /** A newer push of the same topic replaces one still waiting at the push service (≤ 32 base64url characters). */
  topic?: string;
}

const DAY_S = 24 * 3600;
const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/** A chat message: who wrote, never what. Opens the writer's profile with the conversation open. */
export function messageDelivery(senderId: string, senderUsername: string): PushDelivery {
  return {
    notice: {
      title: PUSH_NOTICE.chatTitle(senderUsername),
      body: PUSH_NOTICE.chatBody,
      url: `${path('perfil', senderUsername)}?chat=1`,
      tag: `chat-${senderUsername}`,
    },
    ttl: 2 * DAY_S,
    urgency: 'high',
    // Messages from one person while the phone is away: the push service keeps only the newest.
    topic: `chat${senderId}`,
  };
}

/** A notification that has a push (a reply, a new follower), as the notifications tab tells it; else undefined. */
export function notificationDelivery(row: NotificationForPush): PushDelivery | undefined {
  if (row.actor_username === null) return undefined;
  if (row.type === 'comment_reply') {
    if (row.post_url === null || row.post_hidden_at !== null || row.comment_text === null) return undefined;
    return {
      notice: {
        title: PUSH_NOTICE.replyTitle(row.actor_username),
        body: excerpt(row.comment_text),
        url: path('muro', row.post_url),
        tag: `comment-${row.comment_id}`,
      },
      ttl: 4 * DAY_S,
      urgency: 'normal',
    };
  }
  if (row.type === 'follow') {
    return {
      notice: {
        title: PUSH_NOTICE.followTitle(row.actor_username),
        body: PUSH_NOTICE.followBody,
        url: path('perfil', row.actor_username),
        tag: `follow-${row.actor_username}`,
      },
      ttl: 4 * DAY_S,
      urgency: 'low',
    };
  }
  return undefined;
}
