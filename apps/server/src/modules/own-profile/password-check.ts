import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import type { LimitName } from '../../http/rate-limits.js';
import { findUserById, type AccountRow } from '../accounts/accounts.queries.js';
import { verifyPassword } from '../accounts/passwords.js';

/**
 * The account-level calls (password, e-mail, export, deletion) ask for the password again. Every attempt,
 * right or wrong, counts against the call's own limit first, so they cannot be used to guess it.
 */
export async function requirePassword(
  ctx: AppContext,
  viewer: Viewer,
  password: string,
  limit: LimitName,
  wrongMessage: string,
): Promise<AccountRow> {
  await ctx.limits.consume(limit, viewer.id);
  const user = await findUserById(ctx.db, viewer.id);
  // The account went away with the session still cached on this instance: the session is over.
  if (!user) throw unauthorized();
  if (!user.password_hash || !(await verifyPassword(user.password_hash, password)))
    throw badRequest(wrongMessage);
  return user;
}
