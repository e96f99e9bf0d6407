import { useEffect } from 'react';
import {
  HOME_BANNER_DELAY_MS,
  HOME_BANNER_EVERY_S,
  HOME_BANNER_MOUNT_DELAY_MS,
  STORAGE_KEYS,
} from '@nomadas/shared';
import type { SessionUserData } from '@nomadas/shared/schemas';
import { curtainStore } from '../components/Curtain/curtain';
import { session } from '../session/session';
import { setOverlay, shellStore, useShell } from './shellStore';
import { browserStorage } from './storage';

export const loadHomeBanner = () => import('../components/HomeBanner/HomeBanner');

// Pages someone reaches from an e-mail to do one thing, and the first steps (they ask for the same things as the
// banner would): no banner there.
const QUIET_PATHS = /^\/((nuevopass|verificar)\/|primeros-pasos)/;
const RETRY_MS = 3000;

/** What a user's profile still lacks; the banner asks only for that. */
export function missingProfileParts(user: SessionUserData) {
  return { photo: !user.i, cover: !user.ic, about: !user.d.trim() };
}

/** A visitor (the guide's promotion) or a user whose profile lacks something. */
function hasSomethingToSay(): boolean {
  const state = session.getSnapshot();
  if (state.status !== 'in') return true;
  return Object.values(missingProfileParts(state.user)).some(Boolean);
}

function isDue(): boolean {
  const last = Number(browserStorage.getItem(STORAGE_KEYS.bannerHomeTime));
  return !Number.isFinite(last) || Date.now() / 1000 - last >= HOME_BANNER_EVERY_S;
}

/** Something else has the visitor's attention: another popup, the menu, the chat, a field being typed in. */
function isBusy(): boolean {
  const { overlay, menuOpen, chatOpen, cookiesPending } = shellStore.get();
  const active = document.activeElement;
  const typing =
    active instanceof HTMLElement &&
    (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
  return (
    overlay !== null ||
    menuOpen ||
    chatOpen ||
    cookiesPending ||
    curtainStore.get() > 0 ||
    typing ||
    document.hidden ||
    QUIET_PATHS.test(window.location.pathname)
  );
}

/**
 * The home banner (spec §2, §4): its component is fetched 2 s after start and shown 1 s later, at most once
 * every 24 h (`bannerHomeTime`). On a first visit it waits for the cookie choice, so the two never stack;
 * while anything else is open it waits its turn.
 */
export function useHomeBanner() {
  const cookiesPending = useShell((s) => s.cookiesPending);

  useEffect(() => {
    if (cookiesPending || !isDue()) return;
    let timer = window.setTimeout(() => {
      void loadHomeBanner();
      timer = window.setTimeout(function tryShow() {
        // A complete profile has nothing to be asked for: no banner (and the 24 h wait is not started).
        if (!isDue() || !hasSomethingToSay()) return;
        if (isBusy()) {
          timer = window.setTimeout(tryShow, RETRY_MS);
          return;
        }
        browserStorage.setItem(STORAGE_KEYS.bannerHomeTime, String(Math.floor(Date.now() / 1000)));
        setOverlay({ kind: 'homeBanner' });
      }, HOME_BANNER_DELAY_MS);
    }, HOME_BANNER_MOUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [cookiesPending]);
}
