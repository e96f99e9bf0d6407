import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * The header of a write that takes effect once (IDEMPOTENCY_KEY_HEADER, constants.ts): optional, but a key that
 * is not 8 to 64 of [A-Za-z0-9_-] is refused with a 400 before the write is looked at.
 */
export const idempotentWrite = {
  headers: z.looseObject({
    'idempotency-key': z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.idempotencyKeyInvalid)
      .optional()
      .describe(
        'The write’s client id: a retry with the same one by the same user answers what the first answered ' +
          '(same status and envelope) and writes nothing again',
      ),
  }),
};
