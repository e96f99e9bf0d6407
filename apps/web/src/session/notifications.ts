import { createStore, useStore } from '../app/store';
import { sessionEvents } from './session';

/** Pending-notification count shown on the header badge; the notification poll sets it. */
const pending = createStore(0);

export const setPendingNotifications = (count: number) => pending.set(Math.max(0, Math.trunc(count) || 0));
export const usePendingNotifications = () => useStore(pending);

sessionEvents.on('logout', () => pending.set(0));
