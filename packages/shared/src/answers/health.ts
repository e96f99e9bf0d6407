import { z } from 'zod';

/** `data` of GET /api/health; scripts that need the whole demo wait for `demo: 'ready'`. */
export const healthSchema = z.strictObject({ demo: z.enum(['preparing', 'ready']) });
export type Health = z.infer<typeof healthSchema>;

/** One dependency of readiness: it answered, it did not, or it is not configured (Redis without REDIS_URL). */
const checkState = z.enum(['ok', 'fallo', 'sin configurar']);

/**
 * `data` of GET /api/health/ready, with 200 when every check passes and with the 503 KO envelope otherwise
 * (the balancer reads the status; an operator reads which check failed).
 */
export const readinessSchema = z.strictObject({
  database: checkState,
  redis: checkState,
  /** True from SIGTERM until the process exits: the balancer must stop sending requests here. */
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
