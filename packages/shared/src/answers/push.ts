import { z } from 'zod';

/** GET /api/push/key: what PushManager.subscribe takes as applicationServerKey. */
export const pushKeySchema = z
  .strictObject({
    key: z
      .string()
      .describe("The server's VAPID public key: an uncompressed P-256 point, base64url (65 bytes)."),
  })
  .meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;
