import { useSyncExternalStore } from 'react';
import { SESSION_MIN_REMAINING_S, STORAGE_KEYS } from '@nomadas/shared';

/** Modes of the shell's login/register modal (spec §2). */
export const AUTH_MODE = { login: 1, register: 2, recovery: 3 } as const;
export type AuthMode = (typeof AUTH_MODE)[keyof typeof AUTH_MODE];

/** Asks the shell to open its login/register modal. */
export function openAuthModal(mode: AuthMode) {
  window.dispatchEvent(new CustomEvent('nomadas:auth', { detail: { mode } }));
}

function readSignedIn(): boolean {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const finish = Number(localStorage.getItem(STORAGE_KEYS.finishDate));
  return Boolean(token) && finish - Date.now() / 1000 > SESSION_MIN_REMAINING_S;
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener('focus', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('focus', onChange);
  };
}

/** Whether a session is stored (enough to choose between "register" and "go to profile" buttons). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, readSignedIn, () => false);
}
