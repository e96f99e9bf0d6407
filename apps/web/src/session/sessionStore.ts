import { SESSION_MIN_REMAINING_S, SESSION_TTL_S, STORAGE_KEYS } from '@nomadas/shared';
import type { LoginResponse, SessionUserData } from '@nomadas/shared/schemas';
import { createEmitter, type Emitter } from './events';

/** The part of the Web Storage API the session needs (a Map-backed stub in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Time and timers, injected so the logic can be tested without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type SessionState =
  | { status: 'out' }
  | { status: 'in'; user: SessionUserData; /** expiry, epoch seconds */ finishDate: number };

/**
 * button: the user's logout; expired: the expiry timer; unauthorized: a 401; other-tab: logged out elsewhere;
 * deleted: the account itself is gone (its screen says so).
 */
export type LogoutReason = 'button' | 'expired' | 'unauthorized' | 'other-tab' | 'deleted';

export type SessionEventMap = {
  /** restored: the session came from storage (start-up or another tab), not from a login form. */
  login: { user: SessionUserData; restored: boolean };
  logout: { reason: LogoutReason };
};

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  events: Emitter<SessionEventMap>;
  getToken(): string | null;
  /** Restores a saved session; one with under SESSION_MIN_REMAINING_S left is dropped. */
  start(): SessionState;
  /** Stores a successful login answer and emits 'login'. Null when the answer carries no session. */
  login(answer: LoginResponse): SessionUserData | null;
  /** Clears the stored session and emits 'logout'. False when there was no session. */
  logout(reason: LogoutReason): boolean;
  /** Profile edits (image, cover, description) without a new login. */
  updateUser(patch: Partial<Omit<SessionUserData, 'token'>>): void;
  /** Follows a change another tab made to storage. */
  sync(): void;
}

const LOGGED_OUT: SessionState = { status: 'out' };
// setTimeout overflows past 2^31-1 ms (about 24.8 days) and a session lasts longer: re-arm in steps.
const MAX_TIMER_MS = 2_147_483_647;
const CLEARED_ON_LOGOUT = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.finishDate,
  STORAGE_KEYS.visible,
  STORAGE_KEYS.visibleRange,
  STORAGE_KEYS.visiblePoint,
];

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

export function createSessionStore(storage: StorageLike, clock: Clock): SessionStore {
  let state: SessionState = LOGGED_OUT;
  let timer: unknown = null;
  const listeners = new Set<() => void>();
  const events = createEmitter<SessionEventMap>();
  const nowSeconds = () => clock.now() / 1000;

  function setState(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function readSaved(): { user: SessionUserData; finishDate: number } | null {
    const token = storage.getItem(STORAGE_KEYS.token);
    const finishDate = Number(storage.getItem(STORAGE_KEYS.finishDate));
    const raw = storage.getItem(STORAGE_KEYS.userData);
    if (!token || !raw || !Number.isFinite(finishDate) || finishDate <= 0) return null;
    try {
      const data = JSON.parse(raw) as Record<string, unknown> | null;
      const u = asString(data?.u);
      if (!u) return null;
      return {
        user: {
          token,
          u,
          i: asString(data?.i),
          ic: asString(data?.ic),
          d: asString(data?.d),
          ...(data?.role === 'moderator' ? { role: 'moderator' as const } : {}),
        },
        finishDate,
      };
    } catch {
      return null;
    }
  }

  function clearTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function armExpiry(finishDate: number) {
    clearTimer();
    const ms = Math.max(0, (finishDate - nowSeconds()) * 1000);
    timer = clock.setTimeout(
      () => {
        timer = null;
        if (nowSeconds() >= finishDate) logout('expired');
        else armExpiry(finishDate);
      },
      Math.min(ms, MAX_TIMER_MS),
    );
  }

  function clearSaved() {
    for (const key of CLEARED_ON_LOGOUT) storage.removeItem(key);
  }

  function enter(user: SessionUserData, finishDate: number, restored: boolean) {
    setState({ status: 'in', user, finishDate });
    armExpiry(finishDate);
    events.emit('login', { user, restored });
  }

  function logout(reason: LogoutReason): boolean {
    clearTimer();
    clearSaved();
    if (state.status === 'out') return false;
    setState(LOGGED_OUT);
    events.emit('logout', { reason });
    return true;
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    events,
    getToken: () => (state.status === 'in' ? state.user.token : null),

    start() {
      const saved = readSaved();
      if (saved && saved.finishDate - nowSeconds() >= SESSION_MIN_REMAINING_S) {
        enter(saved.user, saved.finishDate, true);
      } else {
        // Nothing usable (absent, broken or about to expire): leave no half session behind.
        clearSaved();
      }
      return state;
    },

    login(answer) {
      if (answer.state !== 'OK' || !answer.token || typeof answer.username !== 'string') return null;
      const user: SessionUserData = {
        token: answer.token,
        u: answer.username,
        i: answer.img ?? '',
        ic: answer.imgc ?? '',
        d: answer.d ?? '',
        ...(answer.role === 'moderator' ? { role: answer.role } : {}),
      };
      const finishDate =
        typeof answer.date === 'number' ? answer.date : Math.floor(nowSeconds()) + SESSION_TTL_S;
      storage.setItem(STORAGE_KEYS.token, user.token);
      storage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
      storage.setItem(STORAGE_KEYS.finishDate, String(finishDate));
      enter(user, finishDate, false);
      return user;
    },

    logout,

    updateUser(patch) {
      if (state.status !== 'in') return;
      const user = { ...state.user, ...patch };
      storage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
      setState({ ...state, user });
    },

    sync() {
      const saved = readSaved();
      if (saved && saved.finishDate - nowSeconds() >= SESSION_MIN_REMAINING_S) {
        if (state.status === 'in' && state.user.token === saved.user.token) {
          if (JSON.stringify(state.user) !== JSON.stringify(saved.user))
            setState({ ...state, user: saved.user });
          return;
        }
        enter(saved.user, saved.finishDate, true);
      } else if (state.status === 'in') {
        clearTimer();
        setState(LOGGED_OUT);
        events.emit('logout', { reason: 'other-tab' });
      }
    },
  };
}
