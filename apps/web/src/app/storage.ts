import type { StorageLike } from '../session/sessionStore';

/** localStorage that never throws (private modes, disabled storage, quota): reads null, writes are dropped. */
export const browserStorage: StorageLike = {
  getItem(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session simply lasts as long as the page.
    }
  },
  removeItem(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
