import { z } from 'zod';
import { flagSchema } from './envelope.js';
import { friendChangeSchema } from './profiles.js';

/** A user suggested in 'Otros muros' (spec §3 "Recommended user": username, img, follow). */
export const recommendedUserSchema = z
  .strictObject({ username: z.string(), img: z.string(), follow: flagSchema })
  .meta({ id: 'RecommendedUser' });
export type RecommendedUser = z.infer<typeof recommendedUserSchema>;

/**
 * `data` of POST /api/follow/user/{username} (1) and POST /api/quitfollow/{username} (0); `wsm` only when
 * that call made or broke a friendship (see FriendChange).
 */
export const followStateSchema = z.strictObject({ follow: flagSchema, wsm: friendChangeSchema.optional() });
export type FollowState = z.infer<typeof followStateSchema>;
