import { z } from 'zod';
import { MODERATION_PAGE_DEFAULT, MODERATION_PAGE_MAX } from './constants.js';
import { MSG } from './messages.js';

// ---------------------------------------------------------------- requests

/** GET /api/moderacion?n={offset}&l={limit}: posts hidden by reports, most recently hidden first. */
export const moderationQuery = z.object({
  n: z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(1_000_000).default(0),
  l: z.coerce
    .number({ error: MSG.invalidInput })
    .int()
    .min(1)
    .default(MODERATION_PAGE_DEFAULT)
    .transform((l) => Math.min(l, MODERATION_PAGE_MAX)),
});

export const MODERATION_ACTIONS = ['restore', 'remove'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** POST /api/moderacion/{posturl}: restore (reports cleared, visible to all) or remove (deleted with its photo). */
export const moderationActionBody = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: MSG.moderationActionInvalid }),
});

// The answers (ModerationItem, ModerationPage) are zod schemas too, in answers/moderation.ts.
