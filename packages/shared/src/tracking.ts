import { z } from 'zod';

/** POST /api/trc/path: the route visited and the browser's "processors|time zone" string. */
export const pathVisitBody = z.object({
  p: z.string().min(1).max(500),
  br: z.string().max(200).optional().default(''),
});

/** POST /api/sev: an event code. */
export const eventBody = z.object({ e: z.coerce.number().int().min(0).max(10_000) });
