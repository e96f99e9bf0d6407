import { guideSchema, okEnvelope } from '../answers/index.js';
import type { CallTable } from './call.js';

/** The '10 joyas' guide every account has (issue #33). */
export const guideCalls = {
  'GET /guia': { answer: okEnvelope(guideSchema) },
} satisfies CallTable;
