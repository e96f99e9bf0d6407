import { z } from 'zod';

// The envelope of every answer (DESIGN.md §3) as schemas, so each route declares what it sends:
// /api/docs documents it, and the API tests check every answer against it.

/** 1/0 flags, as the spec's client compares them. */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flagSchema>;

/** `{state: 'OK', msg?, data}`: an answer that carries `data`. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ state: z.literal('OK'), msg: z.string().optional(), data });

/** `{state: 'OK', msg?}`: an answer that carries no data. */
export const okMessage = z.object({ state: z.literal('OK'), msg: z.string().optional() });

/** `{state: 'KO', msg}`: every refusal (4xx, 5xx), its `msg` in Spanish. */
export const koEnvelope = z.object({ state: z.literal('KO'), msg: z.string() });
export type KoEnvelope = z.infer<typeof koEnvelope>;
