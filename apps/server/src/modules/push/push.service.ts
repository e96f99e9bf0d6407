import { MSG } from '@nomadas/shared';
import type { NotificationType } from '@nomadas/shared/answers';
import { PUSH_SUBSCRIPTIONS_MAX, type PushKey, type PushSubscribeBody } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { isAcceptedEndpoint } from './push-endpoints.js';
import * as q from './push.queries.js';

/** The notifications that reach the phone with the app closed (besides chat messages, chat.queries.ts). */
const PUSHED_TYPES: ReadonlySet<NotificationType> = new Set(['comment_reply', 'follow']);

/**
 * In the transaction that made these notifications (notifications.service.ts `notify`): a push for each of the
 * pushed kinds, to every device of its recipient, sent after the commit by the push worker (push-job.ts).
 */
export async function queuePushes(
  db: Db,
  made: Array<{ id: string; type: NotificationType }>,
): Promise<number> {
  const pushed = made.filter((notification) => PUSHED_TYPES.has(notification.type));
  return pushed.length === 0
    ? 0
    : q.queueNotificationPushes(
        db,
        pushed.map((notification) => notification.id),
      );
}

/** GET /api/push/key. */
export function pushKey(ctx: AppContext): PushKey {
  return { key: ctx.vapid.publicKey };
}

/**
 * POST /api/push/subscribe: this browser is told of the caller's messages, replies and followers. The endpoint
 * becomes the caller's (another account's on a shared device stops hearing); past PUSH_SUBSCRIPTIONS_MAX devices
 * the one subscribed longest ago is forgotten.
 */
export async function subscribe(ctx: AppContext, viewer: Viewer, body: PushSubscribeBody): Promise<string> {
  if (!isAcceptedEndpoint(body.endpoint, ctx.config.pushLoopbackEndpoints)) {
    throw badRequest(MSG.pushEndpointInvalid);
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockUserRow(trx, viewer.id))) throw unauthorized();
    await q.replaceSubscription(trx, viewer.id, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    await q.keepNewestSubscriptions(trx, viewer.id, PUSH_SUBSCRIPTIONS_MAX);
  });
  return MSG.pushSubscribed;
}

/** POST /api/push/unsubscribe: the caller's browser stops being told (answered the same if it was not). */
export async function unsubscribe(ctx: AppContext, viewer: Viewer, endpoint: string): Promise<string> {
  await q.deleteUserSubscription(ctx.db, viewer.id, endpoint);
  return MSG.pushUnsubscribed;
}
