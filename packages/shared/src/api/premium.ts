import { okEnvelope, premiumInterestListSchema, premiumInterestSchema } from '../answers/index.js';
import type { CallTable } from './call.js';

/** "Avísame" on /premium until Premium can be bought (issue #33): once per user; the moderators read the list. */
export const premiumCalls = {
  'GET /premium/interest': { answer: okEnvelope(premiumInterestSchema) },
  'POST /premium/interest': { answer: okEnvelope(premiumInterestSchema) },
  'GET /moderacion/premium': { answer: okEnvelope(premiumInterestListSchema) },
} satisfies CallTable;
