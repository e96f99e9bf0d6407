import { okEnvelope, okMessage, pushKeySchema } from '../answers/index.js';
import { pushSubscribeBody, pushUnsubscribeBody } from '../push.js';
import type { CallTable } from './call.js';

/** Web Push: the key browsers subscribe with, and the caller's devices that are told with the app closed. */
export const pushCalls = {
  'GET /push/key': { answer: okEnvelope(pushKeySchema) },
  'POST /push/subscribe': { body: pushSubscribeBody, answer: okMessage },
  'POST /push/unsubscribe': { body: pushUnsubscribeBody, answer: okMessage },
} satisfies CallTable;
