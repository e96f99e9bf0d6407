import { EMAIL_CHANGE_CODE_TTL_S, MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { hashToken, newToken, type Viewer } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import {
  emailChangeMail,
  emailChangedMail,
  emailInUseMail,
  passwordChangedMail,
} from '../../mail/templates.js';
import { updatePasswordHash, voidAccountCodes } from '../accounts/accounts.queries.js';
import { hashPassword, isCommonPassword } from '../accounts/passwords.js';
import * as q from './own-profile.queries.js';
import { requirePassword } from './password-check.js';

/**
 * POST /api/perfil/password: the current password, then the registration rules for the new one. The other
 * sessions end (this one stays), recovery links already mailed stop working, and the owner gets a notice.
 */
export async function changePassword(
  ctx: AppContext,
  viewer: Viewer,
  input: { password_actual: string; password: string },
): Promise<string> {
  const user = await requirePassword(
    ctx,
    viewer,
    input.password_actual,
    'passwordChangeUser',
    MSG.currentPasswordWrong,
  );
  if (input.password === input.password_actual) throw badRequest(MSG.passwordSameAsCurrent);
  if (isCommonPassword(input.password, [user.username, user.email ?? '']))
    throw badRequest(MSG.passwordTooCommon);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, viewer.id, passwordHash);
    await q.deleteOtherSessions(trx, viewer.id, viewer.sessionId);
    await voidAccountCodes(trx, viewer.id, 'recover');
    if (user.email) {
      const notice = passwordChangedMail(
        ctx.config.siteName,
        user.email,
        user.username,
        ctx.config.publicUrl,
      );
      await ctx.outbox.enqueue(trx, notice);
    }
  });
  ctx.outbox.wake();
  // Every instance forgets the user's cached sessions; the one kept is simply looked up again.
  await ctx.sessions.revoke({ userId: viewer.id });
  return MSG.passwordUpdated;
}

/**
 * POST /api/perfil/email: mails a single-use link to the new address. An address that is another account's
 * answers exactly the same and mails only that account's owner (as registration does), and even records a
 * change nobody can confirm, so GET /api/perfil shows the same pending state: nothing tells them apart.
 */
export async function requestEmailChange(
  ctx: AppContext,
  viewer: Viewer,
  input: { email: string; password: string },
): Promise<string> {
  const user = await requirePassword(ctx, viewer, input.password, 'emailChangeUser', MSG.passwordWrong);
  if (user.email?.toLowerCase() === input.email) throw badRequest(MSG.emailSameAsCurrent);
  const owner = await q.findOtherAccountByEmail(ctx.db, input.email, viewer.id);
  const code = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    await q.voidEmailChanges(trx, viewer.id);
    await q.insertEmailChange(trx, {
      // A taken address gets the hash of a code that is never sent: the change can never be confirmed.
      codeHash: hashToken(owner ? newToken() : code),
      userId: viewer.id,
      newEmail: input.email,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_CODE_TTL_S * 1000),
    });
    if (!owner) {
      const url = `${ctx.config.publicUrl}/perfil/email/${code}`;
      await ctx.outbox.enqueue(trx, emailChangeMail(ctx.config.siteName, input.email, user.username, url));
    }
  });
  if (owner?.email && !owner.is_official) await noticeEmailInUse(ctx, owner);
  ctx.outbox.wake();
  return MSG.emailChangeSent;
}

/** The owner of the address hears of the attempt, a few times a day at most (shared with registration's). */
async function noticeEmailInUse(
  ctx: AppContext,
  owner: { id: string; username: string; email: string | null },
) {
  try {
    await ctx.limits.consume('accountNoticeEmail', owner.id);
  } catch {
    return;
  }
  const notice = emailInUseMail(ctx.config.siteName, owner.email!, owner.username, ctx.config.publicUrl);
  await ctx.outbox.enqueue(ctx.db, notice);
}

/**
 * POST /api/perfil/email/{code}: the click on the mailed link. The account takes the new address, the old
 * one is told (masked), and recovery links mailed to the old address stop working.
 */
export async function confirmEmailChange(ctx: AppContext, code: string): Promise<string> {
  let changed: boolean;
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      const change = await q.consumeEmailChange(trx, hashToken(code));
      if (!change) return false;
      const user = await q.lockUserEmail(trx, change.user_id);
      if (!user) return false;
      await q.updateEmail(trx, change.user_id, change.new_email);
      await voidAccountCodes(trx, change.user_id, 'recover');
      if (user.email) {
        const notice = emailChangedMail(
          ctx.config.siteName,
          user.email,
          user.username,
          change.new_email,
          ctx.config.publicUrl,
        );
        await ctx.outbox.enqueue(trx, notice);
      }
      return true;
    });
  } catch (error) {
    // Someone registered the address after the link was sent; the link stays unused (the change rolled back).
    if (isUniqueViolation(error)) throw badRequest(MSG.emailInUse);
    throw error;
  }
  if (!changed) throw badRequest(MSG.emailChangeInvalid);
  ctx.outbox.wake();
  return MSG.emailChanged;
}
