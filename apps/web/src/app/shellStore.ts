import { COOKIES_ALL, COOKIES_ESSENTIAL, STORAGE_KEYS } from '@nomadas/shared';
import { createStore, useStore } from './store';
import { browserStorage } from './storage';

/** Modes of the login/register modal (spec §2): 1 Login, 2 Registro, 3 Recuperar contraseña. */
export const AUTH_MODE = { login: 1, register: 2, recovery: 3 } as const;
export type AuthMode = (typeof AUTH_MODE)[keyof typeof AUTH_MODE];

export interface InfoPopupOptions {
  title: string;
  text: string;
  /** Adds an 'Iniciar sesión' button. */
  login?: boolean;
  /** Adds an 'Ir al registro' button. */
  register?: boolean;
}

/** At most one shell popup at a time: opening one replaces the other, so they never pile up. */
export type Overlay =
  { kind: 'auth'; mode: AuthMode } | { kind: 'info'; options: InfoPopupOptions } | { kind: 'homeBanner' };

interface ShellState {
  overlay: Overlay | null;
  menuOpen: boolean;
  chatOpen: boolean;
  /** Whom 'Enviar mensaje' on a profile asked to write to; the chat panel opens that conversation. */
  chatWith: string | null;
  /** No cookie choice stored yet: the banner is showing. */
  cookiesPending: boolean;
}

const storedChoice = browserStorage.getItem(STORAGE_KEYS.cookies);

export const shellStore = createStore<ShellState>({
  overlay: null,
  menuOpen: false,
  chatOpen: false,
  chatWith: null,
  cookiesPending: storedChoice !== String(COOKIES_ESSENTIAL) && storedChoice !== String(COOKIES_ALL),
});

export const useShell = <S>(selector: (state: ShellState) => S) => useStore(shellStore, selector);

export const setOverlay = (overlay: Overlay | null) => shellStore.set((s) => ({ ...s, overlay }));
export const closeOverlay = () => setOverlay(null);
export const setMenuOpen = (menuOpen: boolean) => shellStore.set((s) => ({ ...s, menuOpen }));
/** The header's Chat button and the floating trigger: opens or closes the chat panel. */
export const toggleChat = () => shellStore.set((s) => ({ ...s, chatOpen: !s.chatOpen }));
/** The chat panel's close button, Escape, or 'Regístrate' in the anonymous chat. */
export const closeChat = () => shellStore.set((s) => ({ ...s, chatOpen: false, chatWith: null }));
/** 'Enviar mensaje' on a profile: opens the chat, as the Chat button does, on a conversation with `username`. */
export const openChatWith = (username: string) =>
  shellStore.set((s) => ({ ...s, chatOpen: true, chatWith: username }));
