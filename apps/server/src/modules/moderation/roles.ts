import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { UserRole } from '../../db/schema.js';
import { grantListedModerator } from './moderation.queries.js';

/**
 * A moderator: the account's role says so (docs/architecture.md, "Moderation"); the role lives and dies with the
 * account.
 */
export function isModerator(user: { role: UserRole }) {
  return user.role === 'moderator';
}

/**
 * At start: MODERATORS gives the role to the accounts that hold the listed names now, once per name. A name
 * whose account is deleted grants nothing again, so whoever registers it later is not a moderator, and a
 * role taken away in the database stays taken away although the name is still listed.
 */
export async function grantListedModerators(ctx: {
  db: Db;
  config: Pick<Config, 'moderators'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Promise<void> {
  for (const username of ctx.config.moderators) {
    const outcome = await grantListedModerator(ctx.db, username);
    if (outcome === 'granted') ctx.log.info({ username }, 'MODERATORS: moderator role granted');
    if (outcome === 'no-account')
      ctx.log.warn(
        { username },
        'MODERATORS: no account has this name; the role is granted at a start after it exists',
      );
  }
}
