import { healthSchema, okEnvelope } from '../answers/index.js';
import type { CallTable } from './call.js';

export const healthCalls = {
  'GET /health': { answer: okEnvelope(healthSchema) },
} satisfies CallTable;
