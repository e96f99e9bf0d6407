import { okMessage } from '../answers/index.js';
import { eventBody, pathVisitBody } from '../tracking.js';
import type { CallTable } from './call.js';

export const trackingCalls = {
  'POST /trc/path': { body: pathVisitBody, answer: okMessage },
  'POST /sev': { body: eventBody, answer: okMessage },
} satisfies CallTable;
