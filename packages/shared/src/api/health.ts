import { healthSchema, okEnvelope, okMessage, readinessSchema } from '../answers/index.js';
import type { CallTable } from './call.js';

export const healthCalls = {
  'GET /health': { answer: okEnvelope(healthSchema) },
  /** The process is up; no dependency is checked (a balancer or orchestrator's liveness probe). */
  'GET /health/live': { answer: okMessage },
  /** Ready for traffic: the database and Redis answer and the instance is not draining; else 503 KO. */
  'GET /health/ready': { answer: okEnvelope(readinessSchema) },
} satisfies CallTable;
