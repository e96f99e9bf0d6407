import type { Config } from '../../config.js';
import type { UserRole } from '../../db/schema.js';

/**
 * A moderator: the account's role says so (README "Moderation"), or the operator lists its username in
 * MODERATORS, which works on the embedded database without any SQL.
 */
export function isModerator(config: Pick<Config, 'moderators'>, user: { username: string; role: UserRole }) {
  return user.role === 'moderator' || config.moderators.includes(user.username);
}
