import { TOAST_MS } from '@nomadas/shared';
import { createStore } from '../../app/store';

export type ToastKind = 'ok' | 'ko';
/** A link in the message, to where the problem can be dealt with. */
export interface ToastAction {
  label: string;
  to: string;
}

export interface ToastItem {
  id: number;
  msg: string;
  kind: ToastKind;
  ms: number;
  /** Bumped when the same message is shown again, to restart its timer. */
  shownAt: number;
  action?: ToastAction;
}

export const toastStore = createStore<readonly ToastItem[]>([]);
let nextId = 1;

/** Shows a timed message (class `toast ok` / `toast ko`), 4 s by default (spec §9). */
export function toast(
  msg: string,
  kind: ToastKind = 'ok',
  ms: number = TOAST_MS,
  action?: ToastAction,
): void {
  if (!msg) return;
  const shownAt = Date.now();
  toastStore.set((items) => {
    // The same message again (a second tap on "Entrar") restarts the visible one instead of stacking.
    const same = items.find((item) => item.msg === msg && item.kind === kind);
    if (same) return items.map((item) => (item === same ? { ...item, ms, shownAt } : item));
    return [...items.slice(-2), { id: nextId++, msg, kind, ms, shownAt, ...(action ? { action } : {}) }];
  });
}

export function dismissToast(id: number): void {
  toastStore.set((items) => items.filter((item) => item.id !== id));
}

/** Takes away an error message a form showed once the field it was about is edited. */
export function dismissToastMessage(msg: string): void {
  toastStore.set((items) => items.filter((item) => item.msg !== msg || item.kind !== 'ko'));
}
