import { NOTIFICATIONS_PENDING_MAX, type RealtimeEventMap, type RealtimeEventName } from '@nomadas/shared';
import type { NotificationsPage } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../../http/auth.js';
import { followExists } from '../follows/follows.queries.js';
import { queuePushes } from '../push/push.service.js';
import { presentNotification } from './notifications.presenter.js';
import * as q from './notifications.queries.js';

export type { NotificationKey } from './notifications.queries.js';

/**
 * Pub/sub channel of new notifications: `{userId, pending}` once the action that made them has committed,
 * for the chat socket to push the badge at once (the 30 s poll of GET /api/notifications_nv stays).
 */
export const NOTIFICATIONS_CHANNEL = 'notifications:new' satisfies RealtimeEventName;
export type NewNotificationsMessage = RealtimeEventMap[typeof NOTIFICATIONS_CHANNEL];

/** Recipients of the notifications an action created: `announceNotifications` them after the commit. */
export type Notified = string[];

// ---------------------------------------------------------------- made by the actions that cause them
// Each call runs in the caller's transaction (`db` is that transaction), so a notification exists exactly
// when its cause does: the like, the comment, the follow. Nobody is notified of their own action.

/**
 * Notifies whoever has not been notified of these causes yet; the actor's own are dropped. A reply or a new
 * follower also queues its pushes to the recipient's devices (modules/push), in the same transaction.
 */
export async function notify(db: Db, ...keys: q.NotificationKey[]): Promise<Notified> {
  const made = await q.insertNotifications(
    db,
    keys.filter((key) => key.userId !== key.actorId),
  );
  await queuePushes(db, made);
  return made.map((notification) => notification.user_id);
}

/** The cause was undone (a like taken back): its notification goes, seen or not. Answers whose count changed. */
export async function withdraw(db: Db, key: q.NotificationKey): Promise<Notified> {
  if (key.userId === key.actorId) return [];
  return (await q.deleteNotification(db, key)) ? [key.userId] : [];
}

/**
 * A follow that was just inserted: the followed user has a new follower and, when they already followed
 * back, a new friend (friends are mutual follows). Both notices go to them: the follower made the friendship.
 */
export async function notifyFollow(db: Db, followerId: string, followedId: string): Promise<Notified> {
  const friends = await followExists(db, followedId, followerId);
  return notify(
    db,
    { type: 'follow', userId: followedId, actorId: followerId },
    ...(friends ? [{ type: 'friend' as const, userId: followedId, actorId: followerId }] : []),
  );
}

/** An unfollow: the follower notice goes, and the friendship's, whichever of the two it was sent to. */
export function withdrawFollow(db: Db, followerId: string, followedId: string): Promise<Notified> {
  return q.deleteFollowNotifications(db, [
    { userId: followedId, actorId: followerId, types: ['follow', 'friend'] },
    { userId: followerId, actorId: followedId, types: ['friend'] },
  ]);
}

/**
 * After the post's mentions were rewritten from its text (create or edit): each user mentioned gets one
 * notification per post, the author none; a user no longer mentioned loses it.
 */
export function notifyMentions(db: Db, postId: string, authorId: string): Promise<Notified> {
  return q.syncMentionNotifications(db, postId, authorId);
}

/**
 * After the commit, never inside the transaction: tells each recipient's instance how many are pending
 * (their sockets' badges, and every instance's pendingCounts), after notifications came or went.
 * This instance remembers the counts at once: its own event comes back through pub/sub a moment later,
 * and a poll in between must not answer the count from before.
 * A failure (Redis away) fails nothing: the notifications are stored and the poll brings the count.
 */
export async function announceNotifications(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'pendingCounts' | 'pushJobs'>,
  recipients: Notified,
): Promise<void> {
  if (recipients.length === 0) return;
  // Pushes `notify` may have queued leave now (the worker finds none when none were).
  ctx.pushJobs.wake();
  try {
    const countedAt = Date.now();
    const counts = await q.countPendingOf(ctx.db, [...new Set(recipients)], NOTIFICATIONS_PENDING_MAX);
    for (const { user_id, n } of counts) {
      ctx.pendingCounts.set(user_id, n, countedAt);
      ctx.realtime.events.publishSoon(NOTIFICATIONS_CHANNEL, { userId: user_id, pending: n, countedAt });
    }
  } catch {
    // Best effort by design (see above).
  }
}

/** For the demo seed, whose likes, comments and follows are inserted in bulk (see the query). */
export function deriveSeededNotifications(db: Db, userIds: string[], pendingEach: number): Promise<void> {
  return q.insertDerivedNotifications(db, userIds, pendingEach);
}

// ---------------------------------------------------------------- the calls of spec §7

/** GET /api/notifications: the caller's own, newest first, a page at a time. */
export async function listNotifications(
  ctx: AppContext,
  viewer: Viewer,
  query: { a?: string | undefined; l: number },
): Promise<NotificationsPage> {
  // One row more than the page tells whether there are older ones.
  const rows = await q.selectNotificationsPage(ctx.db, viewer.id, {
    olderThanId: query.a,
    limit: query.l + 1,
  });
  const page = rows.slice(0, query.l);
  return {
    data: page.map((row) => presentNotification(row, ctx.media)),
    fin: rows.length > query.l ? 0 : 1,
    a: page.at(-1)?.id ?? null,
  };
}

/** GET /api/notifications_nv: the badge's number, from memory when an event or a recent count gave it. */
export function countPendingNotifications(ctx: AppContext, viewer: Viewer): Promise<number> {
  return ctx.pendingCounts.read(viewer.id, () =>
    q.countPending(ctx.db, viewer.id, NOTIFICATIONS_PENDING_MAX),
  );
}

/** POST /api/notifications: marks them seen (up to `id` when given); answers what is still pending. */
export async function markNotificationsSeen(
  ctx: AppContext,
  viewer: Viewer,
  body: { id?: string | undefined },
): Promise<{ pending: number }> {
  await q.markSeen(ctx.db, viewer.id, body.id);
  const countedAt = Date.now();
  const pending = await q.countPending(ctx.db, viewer.id, NOTIFICATIONS_PENDING_MAX);
  // Every instance, and the badges of the user's other tabs, learn the new count.
  ctx.pendingCounts.set(viewer.id, pending, countedAt);
  ctx.realtime.events.publishSoon(NOTIFICATIONS_CHANNEL, { userId: viewer.id, pending, countedAt });
  return { pending };
}
