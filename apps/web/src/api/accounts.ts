import type { ApiEnvelope } from '@nomadas/shared';
import type {
  LoginBody,
  LoginResponse,
  NewPasswordBody,
  RecoveryBody,
  RegisterBody,
} from '@nomadas/shared/schemas';
import { api, type ApiResult } from './client';

// The account calls of forms and mailed links: each is one press of a button, so no React Query cache.

export const logIn = (body: LoginBody) => api.post<LoginResponse>('/login', body);

export const register = (body: RegisterBody) => api.post('/register', body);

export const requestRecovery = (body: RecoveryBody) => api.post('/recovery', body);

export const setNewPassword = (code: string, body: NewPasswordBody) =>
  api.post(`/nuevopass/${encodeURIComponent(code)}`, body);

/** A mailed link's code, posted to its endpoint ('/verificar/', '/perfil/email/'). */
export const confirmMailedCode = (endpoint: string, code: string): Promise<ApiResult<ApiEnvelope>> =>
  api.post(`${endpoint}${encodeURIComponent(code)}`);

/** Revokes the token; a 401 (already gone) leaves the session for the caller to clear. */
export const logOut = () => api.post('/logout', undefined, { timeoutMs: 5000, keepSessionOn401: true });
