import type { WallPost } from '@nomadas/shared/schemas';
import { MSG } from '@nomadas/shared';
import { createStore, useStore } from '../app/store';
import { infoPopup } from '../components/InfoPopup/infoPopup';
import { toast } from '../components/Toast/toast';
import { ApiFailure } from '../api/queries/apiData';
import { createEmitter } from '../session/events';
import { esMuro } from '../i18n/screens/muro';

type PostDialog = { kind: 'delete' | 'edit'; post: WallPost };

interface WallUiState {
  /** The one post menu that is open (spec §4: one at a time). */
  menu: string | null;
  dialog: PostDialog | null;
}

const wallUi = createStore<WallUiState>({ menu: null, dialog: null });
export const useWallUi = <S>(selector: (state: WallUiState) => S) => useStore(wallUi, selector);

export const setOpenMenu = (menu: string | null) => wallUi.set((state) => ({ ...state, menu }));
export const closeMenuIf = (id: string) =>
  wallUi.set((state) => (state.menu === id ? { ...state, menu: null } : state));
export const openPostDialog = (dialog: PostDialog | null) =>
  wallUi.set((state) => ({ ...state, dialog, menu: null }));

/** A post deleted or reported here: the screen closes it if it is the one open. */
export const wallEvents = createEmitter<{ removed: string }>();

/** The visitor's popups of spec §6, with 'Ir a Login' and 'Ir al registro'. */
export function visitorPopup(text: string) {
  infoPopup({ title: esMuro.visitor.title, text, login: true, register: true });
}

/** A failed action says why: the server's msg, or the generic one when nothing answered. */
export function toastFailure(error: unknown) {
  toast(error instanceof ApiFailure && error.serverMsg ? error.serverMsg : MSG.serverError, 'ko');
}
