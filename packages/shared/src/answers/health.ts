import { z } from 'zod';

/** `data` of GET /api/health; scripts that need the whole demo wait for `demo: 'ready'`. */
export const healthSchema = z.strictObject({ demo: z.enum(['preparing', 'ready']) });
export type Health = z.infer<typeof healthSchema>;
