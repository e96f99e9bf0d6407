import { z } from 'zod';
import { flagSchema } from './envelope.js';

/**
 * What a notification tells (spec §3 "Notifications"). A like, comment or reply on your content; a new
 * follower or friend (mutual follow); an @mention in a post; a new video of a channel you subscribe to;
 * the welcome when the account is activated.
 */
export const NOTIFICATION_TYPES = [
  'post_like',
  'post_comment',
  'comment_reply',
  'comment_like',
  'follow',
  'friend',
  'mention',
  'channel_video',
  'welcome',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

const excerpt = z.string().describe('The first 80 characters, with … when cut.');

/** Where a notification leads: a post (its text), a comment on a post (the comment's text), a profile or a video. */
export const notificationTargetSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('post'),
      url: z.string().describe('The post url: /muro/{url}.'),
      text: excerpt,
      thumb: z.string().describe('Square thumbnail of the post (240×240), WebP.'),
    }),
    z.strictObject({
      kind: z.literal('comment'),
      url: z.string().describe('The url of the post the comment is on: /muro/{url}.'),
      text: excerpt.describe('The comment (or reply) the notification is about.'),
      thumb: z.string(),
    }),
    z.strictObject({ kind: z.literal('profile'), username: z.string().describe('/perfil/{username}.') }),
    z.strictObject({
      kind: z.literal('video'),
      canal: z.string().describe('Channel url: /canales/{canal}.'),
      url: z.string().describe('Video url: /canales/{canal}/{url}.'),
      text: excerpt.describe('The video title.'),
    }),
  ])
  .meta({ id: 'NotificationTarget' });
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;

export const notificationSchema = z
  .strictObject({
    id: z.string(),
    type: notificationTypeSchema,
    actor: z
      .strictObject({ username: z.string(), img: z.string() })
      .nullable()
      .describe('Who did it; null for what the product itself says (the welcome).'),
    target: notificationTargetSchema.nullable(),
    date: z.iso.datetime({ offset: true }),
    seen: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type NotificationItem = z.infer<typeof notificationSchema>;

/** `data` of GET /api/notifications. */
export const notificationsPageSchema = z
  .strictObject({
    data: z.array(notificationSchema).describe('Newest first.'),
    fin: flagSchema.describe('1 when there are no older ones.'),
    a: z
      .string()
      .nullable()
      .describe('Oldest id of this page; send it back as a for the next page. Null when the page is empty.'),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** `data` of GET /api/notifications_nv: how many are pending (unseen), counted up to NOTIFICATIONS_PENDING_MAX. */
export const pendingNotificationsSchema = z.number().int().min(0).meta({ id: 'PendingNotifications' });

/** `data` of POST /api/notifications: how many are still pending after marking (0 unless newer ones arrived). */
export const notificationsSeenSchema = z.strictObject({ pending: z.number().int().min(0) });
export type NotificationsSeen = z.infer<typeof notificationsSeenSchema>;
