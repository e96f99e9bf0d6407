import { z } from 'zod';
import { MSG } from './messages.js';

// Requests of the Web Push calls (POST /api/push/subscribe, POST /api/push/unsubscribe). The server checks
// more of an endpoint than its shape (https on a named host: modules/push/push-endpoints.ts).

/** Browsers' endpoints are a few hundred characters (FCM ~190, Mozilla ~250, Apple ~150). */
const PUSH_ENDPOINT_MAX = 1024;
/** Devices one user is told on; subscribing one more forgets the one subscribed longest ago. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

const endpoint = z
  .string({ error: MSG.pushEndpointInvalid })
  .max(PUSH_ENDPOINT_MAX, { error: MSG.pushEndpointInvalid })
  .refine((value) => URL.canParse(value) && /^https?:\/\//.test(value), { error: MSG.pushEndpointInvalid });

/** PushSubscription.toJSON(): `endpoint` and its `keys`, base64url as browsers give them. */
export const pushSubscribeBody = z.object({
  endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (so its base64url begins with B).
      p256dh: z.string({ error: MSG.pushKeysInvalid }).regex(/^B[A-Za-z0-9_-]{86}=?$/, {
        error: MSG.pushKeysInvalid,
      }),
      // The 16-byte auth secret.
      auth: z.string({ error: MSG.pushKeysInvalid }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, {
        error: MSG.pushKeysInvalid,
      }),
    },
    { error: MSG.pushKeysInvalid },
  ),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint });
export type PushUnsubscribeBody = z.input<typeof pushUnsubscribeBody>;
