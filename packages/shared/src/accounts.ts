import { z } from 'zod';
import { LOGIN_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { MSG } from './messages.js';
import type { UserRole } from './answers/accounts.js';

const USERNAME_PATTERN = new RegExp(`^[a-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}}$`);

/** Trimmed string that treats a missing value as empty, so "required" gets one message. */
const field = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim());

const password = () =>
  z
    .string()
    .optional()
    .transform((value) => value ?? '');

export const usernameSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => USERNAME_PATTERN.test(value), { error: MSG.usernameInvalid });

export const emailSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.email({ error: MSG.emailInvalid }).max(254, { error: MSG.emailInvalid }));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX, { error: MSG.passwordTooLong });

export const loginBody = z
  .object({ username: field(), password: password() })
  .refine((body) => body.username !== '' && body.password !== '', {
    error: MSG.loginFieldsRequired,
    abort: true,
  })
  .refine((body) => body.username.length <= LOGIN_NAME_MAX && body.password.length <= PASSWORD_MAX, {
    error: MSG.loginTooLong,
  });
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = z
  .object({
    username: field(),
    email: field(),
    password: password(),
    password_confirmation: password(),
  })
  .refine((b) => b.username !== '' && b.email !== '' && b.password !== '' && b.password_confirmation !== '', {
    error: MSG.registerFieldsRequired,
    abort: true,
  })
  .refine((b) => b.password === b.password_confirmation, { error: MSG.passwordsDiffer, abort: true })
  .pipe(
    z.object({
      username: usernameSchema,
      email: emailSchema,
      password: newPasswordSchema,
      password_confirmation: z.string(),
    }),
  );
export type RegisterBody = z.input<typeof registerBody>;

export const recoveryBody = z
  .object({ email: field() })
  .refine((b) => b.email !== '', { error: MSG.emailRequired, abort: true })
  .pipe(z.object({ email: emailSchema }));
export type RecoveryBody = z.input<typeof recoveryBody>;

export const newPasswordBody = z
  .object({ password: password(), password_confirmation: password() })
  .refine((b) => b.password !== '' && b.password_confirmation !== '', {
    error: MSG.registerFieldsRequired,
    abort: true,
  })
  .refine((b) => b.password === b.password_confirmation, { error: MSG.passwordsDiffer, abort: true })
  .pipe(z.object({ password: newPasswordSchema, password_confirmation: z.string() }));
export type NewPasswordBody = z.input<typeof newPasswordBody>;

export const codeParams = z.object({ code: z.string().min(1).max(200) });

/** What the browser keeps under local-storage key `user_data` (spec §3). */
export interface SessionUserData {
  token: string;
  u: string;
  i: string;
  ic: string;
  d: string;
  /** Kept from the login answer; only 'moderator' changes anything (the menu shows /moderacion). */
  role?: UserRole;
}

/** A username in a path: /follow/user/{username}, /perfil/{username}... */
export const usernameParams = z.object({ username: z.string().min(1).max(50) });
