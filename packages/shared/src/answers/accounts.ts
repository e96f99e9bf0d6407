import { z } from 'zod';

export const USER_ROLES = ['user', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Login answer, flat as spec §3 gives it. `username: -1` means "not activated yet". */
export const loginResponseSchema = z
  .strictObject({
    state: z.enum(['OK', 'KO']),
    msg: z.string(),
    token: z.string().optional(),
    username: z
      .union([z.string(), z.literal(-1)])
      .optional()
      .describe('-1: the account is not activated yet (an activation mail was sent again).'),
    img: z.string().optional(),
    imgc: z.string().optional(),
    d: z.string().optional(),
    date: z.number().int().optional().describe('Session expiry, epoch seconds.'),
    role: z
      .enum(USER_ROLES)
      .optional()
      .describe("Ours, beyond the spec: 'moderator' opens the moderation queue (/moderacion)."),
    first: z
      .literal(true)
      .optional()
      .describe('Ours, beyond the spec: the first login of a registered account (the web opens /primeros-pasos).'),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
