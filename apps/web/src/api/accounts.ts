import type { LoginBody, NewPasswordBody, RecoveryBody, RegisterBody } from '@nomadas/shared/schemas';
import { call } from './client';

// The account calls of forms and mailed links: each is one press of a button, so no React Query cache.

export const logIn = (body: LoginBody) => call('POST /login', { body });

export const register = (body: RegisterBody) => call('POST /register', { body });

export const requestRecovery = (body: RecoveryBody) => call('POST /recovery', { body });

export const setNewPassword = (code: string, body: NewPasswordBody) =>
  call('POST /nuevopass/:code', { params: { code }, body });

/** The calls of the codes mailed in links: activating an account, confirming a new email address. */
export type MailedCodeCall = 'POST /verificar/:code' | 'POST /perfil/email/:code';

/** A mailed link's code, posted to its call. */
export const confirmMailedCode = (name: MailedCodeCall, code: string) => call(name, { params: { code } });

/** Revokes the token; a 401 (already gone) leaves the session for the caller to clear. */
export const logOut = () => call('POST /logout', undefined, { timeoutMs: 5000, keepSessionOn401: true });
