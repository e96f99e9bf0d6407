import {
  ACTIVATION_CODE_TTL_S,
  MSG,
  RECOVERY_CODE_TTL_S,
  SESSION_TTL_S,
  activationRequiredMessage,
} from '@nomadas/shared';
import type { LoginResponse } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import type { AccountCodePurpose } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { hashToken, newToken, type Viewer } from '../../http/auth.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { activationMail, recoveryMail } from '../../mail/templates.js';
import * as q from './accounts.queries.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { deleteSession, deleteUserSessions, insertSession } from './sessions.queries.js';

/** A new activation mail on an unactivated login, at most this often. */
const ACTIVATION_RESEND_S = 10 * 60;

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function createCode(db: Db, userId: string, purpose: AccountCodePurpose): Promise<string> {
  const code = newToken();
  const ttl = purpose === 'activate' ? ACTIVATION_CODE_TTL_S : RECOVERY_CODE_TTL_S;
  await q.insertAccountCode(db, { hash: hashToken(code), userId, purpose, expiresAt: secondsFromNow(ttl) });
  return code;
}

async function sendActivation(
  ctx: AppContext,
  db: Db,
  user: { id: string; username: string; email: string },
) {
  const code = await createCode(db, user.id, 'activate');
  const url = `${ctx.config.publicUrl}/verificar/${code}`;
  await ctx.mailer.send(activationMail(ctx.config.siteName, user.email, user.username, url));
}

export async function register(
  ctx: AppContext,
  input: { username: string; email: string; password: string },
  ip: string,
): Promise<string> {
  await ctx.limits.consume('registerIp', ip);
  const taken = await q.findTakenFields(ctx.db, input.username, input.email);
  if (taken.username) throw badRequest(MSG.usernameTaken);
  if (taken.email) throw badRequest(MSG.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    // The mail goes out inside the transaction: no account is left that could never be activated.
    await ctx.db.transaction().execute(async (trx) => {
      const id = await q.insertUser(trx, { ...input, passwordHash });
      await sendActivation(ctx, trx, { id, username: input.username, email: input.email });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest(MSG.usernameTaken);
    throw error;
  }
  return MSG.registered;
}

export async function login(
  ctx: AppContext,
  input: { username: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  await ctx.limits.consume('loginIp', ip);
  await ctx.limits.consume('loginAccount', input.username.toLowerCase());
  const user = await q.findUserByLogin(ctx.db, input.username);
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) throw badRequest(MSG.badCredentials);

  if (!user.activated_at) {
    const since = secondsFromNow(-ACTIVATION_RESEND_S);
    if (user.email && !(await q.hasRecentCode(ctx.db, user.id, 'activate', since))) {
      await sendActivation(ctx, ctx.db, { id: user.id, username: user.username, email: user.email });
    }
    return { state: 'OK', msg: activationRequiredMessage(ctx.config.siteName), username: -1 };
  }

  const token = newToken();
  const expiresAt = secondsFromNow(SESSION_TTL_S);
  await insertSession(ctx.db, user.id, hashToken(token), expiresAt);
  return {
    state: 'OK',
    msg: MSG.loggedIn,
    token,
    username: user.username,
    img: user.img_profile,
    imgc: user.img_cover,
    d: user.description,
    date: Math.floor(expiresAt.getTime() / 1000),
  };
}

export async function logout(ctx: AppContext, viewer: Viewer): Promise<void> {
  await deleteSession(ctx.db, viewer.sessionId);
  await ctx.sessions.revoke({ sessionId: viewer.sessionId });
}

/** Answers the same whether or not the email exists, so accounts cannot be enumerated. */
export async function requestRecovery(ctx: AppContext, email: string, ip: string): Promise<string> {
  await ctx.limits.consume('recoveryIp', ip);
  await ctx.limits.consume('recoveryEmail', email);
  const user = await q.findUserByEmail(ctx.db, email);
  if (user?.email && !user.is_official) {
    const code = await createCode(ctx.db, user.id, 'recover');
    const url = `${ctx.config.publicUrl}/nuevopass/${code}`;
    await ctx.mailer.send(recoveryMail(ctx.config.siteName, user.email, user.username, url));
  }
  return MSG.recoverySent;
}

export async function activate(ctx: AppContext, code: string): Promise<string> {
  const activated = await ctx.db.transaction().execute(async (trx) => {
    const userId = await q.consumeAccountCode(trx, hashToken(code), 'activate');
    if (userId) await q.activateUser(trx, userId);
    return userId !== undefined;
  });
  if (!activated) throw badRequest(MSG.activationInvalid);
  return MSG.activated;
}

/** Sets the new password, activates the account (the mail proved the address) and ends every session. */
export async function resetPassword(ctx: AppContext, code: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await q.consumeAccountCode(trx, hashToken(code), 'recover');
    if (!userId) return undefined;
    await q.updatePasswordHash(trx, userId, passwordHash);
    await q.activateUser(trx, userId);
    await deleteUserSessions(trx, userId);
    return userId;
  });
  if (!done) throw new ApiError(400, MSG.recoveryInvalid);
  await ctx.sessions.revoke({ userId: done });
  return MSG.passwordChanged;
}
