import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@nomadas/shared';
import type { SessionUserData } from '@nomadas/shared/schemas';
import { browserStorage } from '../app/storage';
import { createSessionStore, type SessionState } from './sessionStore';

const browserClock = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/** The browser's one session (spec §4), restored from local storage as soon as this module loads. */
export const session = createSessionStore(browserStorage, browserClock);
session.start();

/** `sessionEvents.on('login' | 'logout', fn)`: where friends, notification polling and the chat socket hook in. */
export const sessionEvents = session.events;

const SESSION_KEYS: ReadonlySet<string | null> = new Set([
  null, // localStorage.clear()
  STORAGE_KEYS.token,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.finishDate,
]);
window.addEventListener('storage', (event) => {
  if (event.storageArea === window.localStorage && SESSION_KEYS.has(event.key)) session.sync();
});

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/** The logged-in user, or null for a visitor. */
export function useSessionUser(): SessionUserData | null {
  const state = useSession();
  return state.status === 'in' ? state.user : null;
}

/**
 * Runs `start` while a user is logged in: now if there is a session, again on every login; the function it
 * returns runs on logout. E.g. `whileLoggedIn(() => { const id = setInterval(poll, 30_000); return () => clearInterval(id); })`.
 * Returns the function that stops watching (and runs the pending clean-up).
 */
export function whileLoggedIn(start: (user: SessionUserData) => void | (() => void)): () => void {
  let cleanup: (() => void) | undefined;
  const stop = () => {
    cleanup?.();
    cleanup = undefined;
  };
  const begin = (user: SessionUserData) => {
    stop();
    cleanup = start(user) ?? undefined;
  };
  const current = session.getSnapshot();
  if (current.status === 'in') begin(current.user);
  const offLogin = sessionEvents.on('login', ({ user }) => begin(user));
  const offLogout = sessionEvents.on('logout', stop);
  return () => {
    offLogin();
    offLogout();
    stop();
  };
}
