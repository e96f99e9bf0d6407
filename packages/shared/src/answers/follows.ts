import { z } from 'zod';
import { flagSchema } from './envelope.js';

/** A user suggested in 'Otros muros' (spec §3 "Recommended user": username, img, follow). */
export const recommendedUserSchema = z
  .strictObject({ username: z.string(), img: z.string(), follow: flagSchema })
  .meta({ id: 'RecommendedUser' });
export type RecommendedUser = z.infer<typeof recommendedUserSchema>;

/** `data` of POST /api/follow/user/{username} (1) and POST /api/quitfollow/{username} (0). */
export const followStateSchema = z.strictObject({ follow: flagSchema });
export type FollowState = z.infer<typeof followStateSchema>;
