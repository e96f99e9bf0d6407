import type { PushSubscribeBody } from '@nomadas/shared/schemas';
import { call } from './client';

/** GET /api/push/key: the server's VAPID public key (base64url), for PushManager.subscribe. */
export const fetchPushKey = () => call('GET /push/key');

/** POST /api/push/subscribe: this browser's subscription (PushSubscription.toJSON()) is told of my news. */
export const savePushSubscription = (body: PushSubscribeBody) => call('POST /push/subscribe', { body });

/** POST /api/push/unsubscribe: this browser is told no more. */
export const deletePushSubscription = (endpoint: string) =>
  call('POST /push/unsubscribe', { body: { endpoint } });
