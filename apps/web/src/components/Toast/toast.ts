import { TOAST_MS } from '@nomadas/shared';
import { createStore } from '../../app/store';

export type ToastKind = 'ok' | 'ko';

export interface ToastItem {
  id: number;
  msg: string;
  kind: ToastKind;
  ms: number;
  /** Bumped when the same message is shown again, to restart its timer. */
  shownAt: number;
}

export const toastStore = createStore<readonly ToastItem[]>([]);
let nextId = 1;

/** Shows a timed message (class `toast ok` / `toast ko`), 4 s by default (spec §9). */
export function toast(msg: string, kind: ToastKind = 'ok', ms: number = TOAST_MS): void {
  if (!msg) return;
  const shownAt = Date.now();
  toastStore.set((items) => {
    // The same message again (a second tap on "Entrar") restarts the visible one instead of stacking.
    const same = items.find((item) => item.msg === msg && item.kind === kind);
    if (same) return items.map((item) => (item === same ? { ...item, ms, shownAt } : item));
    return [...items.slice(-2), { id: nextId++, msg, kind, ms, shownAt }];
  });
}

export function dismissToast(id: number): void {
  toastStore.set((items) => items.filter((item) => item.id !== id));
}
