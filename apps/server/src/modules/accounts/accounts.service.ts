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
import { badRequest } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { accountExistsMail, activationMail, recoveryMail } from '../../mail/templates.js';
import { isModerator } from '../moderation/roles.js';
import { announceNotifications, notify, type Notified } from '../notifications/notifications.service.js';
import * as q from './accounts.queries.js';
import { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { deleteSession, deleteUserSessions, insertSession } from './sessions.queries.js';
import { isTrustedOrigin, rememberOrigin, type LoginOrigin } from './login-trust.js';
import { writeWelcome } from '../chat/chat.service.js';
import { enqueueJob, type JobHandler } from '../../lib/jobs.js';

/** A new activation mail on an unactivated login, at most this often. */
const ACTIVATION_RESEND_S = 10 * 60;

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function createCode(db: Db, userId: string, purpose: AccountCodePurpose): Promise<string> {
  const code = newToken();
  const ttl = purpose === 'activate' ? ACTIVATION_CODE_TTL_S : RECOVERY_CODE_TTL_S;
  await q.insertAccountCode(db, { hash: hashToken(code), userId, purpose, expiresAt: secondsFromNow(ttl) });
  return code;
}

/** Queues the activation mail in `db` (the caller's transaction, if any); wake the outbox after commit. */
async function queueActivation(
  ctx: AppContext,
  db: Db,
  user: { id: string; username: string; email: string },
) {
  const code = await createCode(db, user.id, 'activate');
  const url = `${ctx.config.publicUrl}/verificar/${code}`;
  await ctx.outbox.enqueue(
    db,
    activationMail(ctx.config.siteName, user.email, user.username, url, {
      title: ctx.guide.title,
      url: `${ctx.config.publicUrl}/guia`,
    }),
  );
}

/**
 * Someone registered with an address that already has an account. The answer is the same as for a new
 * account (no enumeration), and the owner hears of it by mail, a few times a day at most.
 */
async function noticeExistingAccount(ctx: AppContext, email: string): Promise<void> {
  const owner = await q.findUserByEmail(ctx.db, email);
  if (!owner?.email || owner.is_official) return;
  try {
    await ctx.limits.consume('accountNoticeEmail', owner.id);
  } catch {
    return;
  }
  await ctx.outbox.send(
    accountExistsMail(ctx.config.siteName, owner.email, owner.username, ctx.config.publicUrl),
  );
}

export async function register(
  ctx: AppContext,
  input: { username: string; email: string; password: string },
): Promise<string> {
  if (isCommonPassword(input.password, [input.username, input.email]))
    throw badRequest(MSG.passwordTooCommon);
  // Hashed before anything is looked up, so a taken email answers exactly as slowly as a new one.
  const passwordHash = await hashPassword(input.password);
  const taken = await q.findTakenFields(ctx.db, input.username, input.email);
  if (taken.username) throw badRequest(MSG.usernameTaken);
  if (taken.email) {
    await noticeExistingAccount(ctx, input.email);
    return MSG.registered;
  }
  try {
    // The user, its code and its mail commit together; the mail leaves after the commit.
    await ctx.db.transaction().execute(async (trx) => {
      const id = await q.insertUser(trx, { ...input, passwordHash });
      await queueActivation(ctx, trx, { id, username: input.username, email: input.email });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A registration of the same name or address won the race: answer as if it had come first.
    if ((await q.findTakenFields(ctx.db, input.username, input.email)).username)
      throw badRequest(MSG.usernameTaken);
    await noticeExistingAccount(ctx, input.email);
    return MSG.registered;
  }
  ctx.outbox.wake();
  return MSG.registered;
}

/** The login answer, and the device tokens the browser keeps when a session was opened (login-trust.ts). */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string },
  origin: LoginOrigin,
): Promise<{ answer: LoginResponse; deviceTokens?: string[] }> {
  // Failures count per name typed, whether or not an account has it, so an unknown name answers as a known one.
  // Past the limit a stranger is refused, but not the owner: a browser or address that logged in before gets in.
  const name = q.normaliseLogin(input.username);
  const refusal = await ctx.limits.assertAvailable('loginName', name).then(
    () => undefined,
    (error: unknown) => error,
  );
  const user = await q.findUserByLogin(ctx.db, input.username);
  if (refusal && !(await isTrustedOrigin(ctx.db, user?.id, origin))) throw refusal;
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    await ctx.limits.consume('loginName', name).catch(() => undefined);
    throw badRequest(MSG.badCredentials);
  }

  if (!user.activated_at) {
    const since = secondsFromNow(-ACTIVATION_RESEND_S);
    if (user.email && !(await q.hasRecentCode(ctx.db, user.id, 'activate', since))) {
      await queueActivation(ctx, ctx.db, { id: user.id, username: user.username, email: user.email });
      ctx.outbox.wake();
    }
    return { answer: { state: 'OK', msg: activationRequiredMessage(ctx.config.siteName), username: -1 } };
  }

  const token = newToken();
  const expiresAt = secondsFromNow(SESSION_TTL_S);
  await insertSession(ctx.db, user.id, hashToken(token), expiresAt);
  const deviceTokens = await rememberOrigin(ctx.db, user.id, origin);
  const first = await q.markWelcomed(ctx.db, user.id);
  const answer: LoginResponse = {
    state: 'OK',
    msg: MSG.loggedIn,
    token,
    username: user.username,
    img: user.img_profile,
    imgc: user.img_cover,
    d: user.description,
    date: Math.floor(expiresAt.getTime() / 1000),
    // Beyond the spec's shape, and only for moderators: every other answer stays exactly as the spec has it.
    ...(isModerator(user) ? { role: 'moderator' as const } : {}),
    ...(first ? { first: true as const } : {}),
  };
  return { answer, deviceTokens };
}

export async function logout(ctx: AppContext, viewer: Viewer): Promise<void> {
  await deleteSession(ctx.db, viewer.sessionId);
  await ctx.sessions.revoke({ sessionId: viewer.sessionId });
}

/** The job that mails a recovery link, if the address has an account (`recoveryJob`). */
export const RECOVERY_JOB = 'account-recovery';

/**
 * Answers the same whether or not the email exists, so accounts cannot be enumerated, and after the same work:
 * a job is queued either way, and only the job looks at whether the address has an account.
 */
export async function requestRecovery(ctx: AppContext, email: string): Promise<string> {
  await ctx.limits.consume('recoveryEmail', email);
  await enqueueJob(ctx.db, RECOVERY_JOB, { email });
  ctx.accountJobs.wake();
  return MSG.recoverySent;
}

/** The recovery code and its mail, for an address that has an account; committed together. */
export const recoveryJob = (ctx: AppContext): JobHandler<{ email: string }> => ({
  async run({ email }) {
    const user = await q.findUserByEmail(ctx.db, email);
    if (!user?.email || user.is_official) return;
    const address = user.email;
    await ctx.db.transaction().execute(async (trx) => {
      const code = await createCode(trx, user.id, 'recover');
      const url = `${ctx.config.publicUrl}/nuevopass/${code}`;
      await ctx.outbox.enqueue(trx, recoveryMail(ctx.config.siteName, address, user.username, url));
    });
    ctx.outbox.wake();
  },
});

/**
 * In the transaction that activates the account (by its activation link or a password reset): the official
 * account's chat welcome and the first notification, durable with it and once per account.
 */
async function activateAndWelcome(ctx: AppContext, trx: Db, userId: string): Promise<Notified> {
  if (!(await q.activateUser(trx, userId))) return [];
  await writeWelcome(trx, userId, { ...ctx.config, guideTitle: ctx.guide.title });
  return notify(trx, { type: 'welcome', userId, actorId: null });
}

/** POST /api/verificar/{code}. */
export async function activate(ctx: AppContext, code: string): Promise<string> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await q.consumeAccountCode(trx, hashToken(code), 'activate');
    return userId ? { userId, notified: await activateAndWelcome(ctx, trx, userId) } : undefined;
  });
  if (!done) throw badRequest(MSG.activationInvalid);
  // The new account can be found now.
  ctx.realtime.events.announce('account:changed', { userId: done.userId, what: 'activated' });
  await announceNotifications(ctx, done.notified);
  return MSG.activated;
}

/**
 * Sets the new password, activates the account (the mail proved the address), ends every session and
 * voids the user's other recovery links. The code is checked before the (deliberately slow) hash.
 */
export async function resetPassword(ctx: AppContext, code: string, password: string): Promise<string> {
  const codeHash = hashToken(code);
  if (!(await q.findLiveCodeUser(ctx.db, codeHash, 'recover'))) throw badRequest(MSG.recoveryInvalid);
  if (isCommonPassword(password)) throw badRequest(MSG.passwordTooCommon);
  const passwordHash = await hashPassword(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    // Consumed here, not at the check above: of two resets racing with one link, one wins.
    const userId = await q.consumeAccountCode(trx, codeHash, 'recover');
    if (!userId) return undefined;
    await q.updatePasswordHash(trx, userId, passwordHash);
    const notified = await activateAndWelcome(ctx, trx, userId);
    await q.voidAccountCodes(trx, userId, 'recover');
    await deleteUserSessions(trx, userId);
    return { userId, notified };
  });
  if (!done) throw badRequest(MSG.recoveryInvalid);
  // A reset activates an account that never was: it can be found now.
  if (done.notified.length > 0) {
    ctx.realtime.events.announce('account:changed', { userId: done.userId, what: 'activated' });
  }
  await ctx.sessions.revoke({ userId: done.userId });
  await announceNotifications(ctx, done.notified);
  return MSG.passwordChanged;
}
