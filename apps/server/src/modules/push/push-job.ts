import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { JobHandler } from '../../lib/jobs.js';
import { messageDelivery, notificationDelivery, type PushDelivery } from './push-notices.js';
import * as q from './push.queries.js';

export { PUSH_JOB } from './push.queries.js';

/** One push to one subscription, about a notification or a chat message (push.queries.ts queues them). */
export type PushJobPayload = { subscriptionId: string } & (
  { notificationId: string; messageId?: undefined } | { messageId: string; notificationId?: undefined }
);

/** A push service that does not answer in this long is tried again later. */
const SEND_TIMEOUT_MS = 15_000;

type Subscription = NonNullable<Awaited<ReturnType<typeof q.findSubscription>>>;

/** What to say, read now: nothing when the cause went, was seen, or the endpoint changed hands meanwhile. */
async function deliveryOf(
  ctx: Pick<AppContext, 'db'>,
  payload: PushJobPayload,
  subscription: Subscription,
): Promise<PushDelivery | undefined> {
  if (payload.messageId !== undefined) {
    const message = await q.selectMessageForPush(ctx.db, payload.messageId);
    if (message?.recipient_id !== subscription.user_id) return undefined;
    return messageDelivery(message.sender_id, message.sender_username);
  }
  const notification = await q.selectNotificationForPush(ctx.db, payload.notificationId);
  if (notification?.user_id !== subscription.user_id || notification.seen_at !== null) return undefined;
  return notificationDelivery(notification);
}

/**
 * Encrypts the notice for the browser and signs the request (web-push), and posts it with fetch (web-push's own
 * sender speaks https only; the tests' push service is http on loopback). Answers the push service's status.
 */
async function post(
  ctx: Pick<AppContext, 'vapid' | 'config'>,
  subscription: Subscription,
  delivery: PushDelivery,
  signal: AbortSignal,
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(delivery.notice),
    {
      vapidDetails: {
        subject: `mailto:${ctx.config.contactEmail}`,
        publicKey: ctx.vapid.publicKey,
        privateKey: ctx.vapid.privateKey,
      },
      TTL: delivery.ttl,
      urgency: delivery.urgency,
      ...(delivery.topic ? { topic: delivery.topic } : {}),
    },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // fetch measures the body itself.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers,
    body: request.body && new Uint8Array(request.body),
    // A push service answers; it never sends the server elsewhere.
    redirect: 'manual',
    signal: AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * Sends one push. 404 and 410 mean the browser dropped the subscription: it is forgotten. A busy or failing push
 * service (429, 5xx, no answer) is tried again by the queue, with backoff; any other refusal cannot be helped by
 * trying again and is only logged.
 */
export const pushJob = (
  ctx: Pick<AppContext, 'db' | 'vapid' | 'config'> & { log: Pick<FastifyBaseLogger, 'warn'> },
): JobHandler<PushJobPayload> => ({
  async run(payload, job) {
    const subscription = await q.findSubscription(ctx.db, payload.subscriptionId);
    if (!subscription) return;
    const delivery = await deliveryOf(ctx, payload, subscription);
    if (!delivery) return;
    const status = await post(ctx, subscription, delivery, job.signal);
    if (status === 404 || status === 410) {
      await q.deleteExpiredSubscription(ctx.db, subscription);
      return;
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    if (status >= 300) {
      ctx.log.warn({ status, subscriptionId: subscription.id }, 'push refused by the push service');
    }
  },
});
