import { z } from 'zod';
import { flagSchema } from './envelope.js';

const count = z.number().int().min(0);

/** GET /api/perfil/{username}: someone's public profile, with the caller's relation to them. */
export const publicProfileSchema = z
  .strictObject({
    username: z.string(),
    imgperfil: z.string().describe("Profile image URL; '' when they have none."),
    imgcab: z.string().describe("Cover image URL; '' when they have none."),
    d: z.string().describe('Description.'),
    counts: z
      .strictObject({
        posts: count.describe('Posts on their wall (visible ones).'),
        followers: count,
        following: count,
      })
      .describe('Counts shown in the profile header.'),
    follow: flagSchema.describe('1: the caller follows them (0 for visitors and for oneself).'),
    friend: flagSchema.describe('1: they follow each other (mutual follow); 0 for visitors.'),
    self: z.boolean().describe("The caller's own profile."),
    canal: z
      .strictObject({ url: z.string(), nombre: z.string(), img_perfil: z.string() })
      .nullable()
      .describe('Their video channel (→ /canales/{url}), or null when they have none.'),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A friend (spec §3 "Friend": username, img), as GET /api/friends lists them and `wsm.data` carries one. */
export const friendSchema = z.strictObject({ username: z.string(), img: z.string() }).meta({ id: 'Friend' });
export type Friend = z.infer<typeof friendSchema>;

/** Someone in a followers or following list, with the caller's follow flag (0 for visitors). */
export const followsPersonSchema = z
  .strictObject({ username: z.string(), img: z.string(), follow: flagSchema })
  .meta({ id: 'FollowsPerson' });
export type FollowsPerson = z.infer<typeof followsPersonSchema>;

/** GET /api/follows/{username}: who follows them and whom they follow, newest first. */
export const followsListsSchema = z
  .strictObject({
    followers: z.array(followsPersonSchema),
    following: z.array(followsPersonSchema),
    fin: z
      .strictObject({ followers: flagSchema, following: flagSchema })
      .describe('1: that list has no more people after this page.'),
  })
  .meta({ id: 'FollowsLists' });
export type FollowsLists = z.infer<typeof followsListsSchema>;

/**
 * `wsm` of a follow or quitfollow answer (spec §7), present only when that call made a friendship (`ta`
 * 'a': the two now follow each other) or broke one ('d'). The client updates its friend list with `data`
 * and sends `{t: 'au', data, token}` on the chat socket, which checks `token` before it believes it.
 */
export const friendChangeSchema = z
  .strictObject({
    i: z
      .string()
      .describe(
        'Id of this friendship change, unique: the socket accepts each one once (a replay is ignored).',
      ),
    ta: z.enum(['a', 'd']).describe("'a' friendship made, 'd' friendship broken."),
    data: friendSchema.describe('The friend: the user the caller just followed or unfollowed.'),
    token: z
      .string()
      .describe(
        'Proof of this change, signed by the server and valid for 5 minutes: it names the change (i, ta), the caller and the friend.',
      ),
  })
  .meta({ id: 'FriendChange' });
export type FriendChange = z.infer<typeof friendChangeSchema>;
