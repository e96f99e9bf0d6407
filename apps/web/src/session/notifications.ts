import { NOTIFICATIONS_POLL_MS } from '@nomadas/shared';
import { fetchPendingNotifications } from '../api/queries/pendingNotifications';
import { createStore, useStore } from '../app/store';
import { createNotificationPoller } from './notificationPoller';
import { session, sessionEvents } from './session';

/** Pending-notification count shown on the header badge; the notification poll sets it. */
const pending = createStore(0);

export const setPendingNotifications = (count: number) => pending.set(Math.max(0, Math.trunc(count) || 0));
export const usePendingNotifications = () => useStore(pending);

sessionEvents.on('logout', () => pending.set(0));

/** Polls GET /api/notifications_nv every 30 s while logged in (spec §4, §9), from login or start-up to logout. */
const poller = createNotificationPoller({
  session,
  clock: {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  intervalMs: NOTIFICATIONS_POLL_MS,
  fetchCount: fetchPendingNotifications,
  onCount: setPendingNotifications,
});

/** Asks for the count now (the poll goes on from here): after the list was seen, say. */
export const refreshPendingNotifications = () => poller.refresh();

// Back on the tab after a while away: the count at once, not at the next tick. Only after the tab was hidden:
// a page that turns visible as it loads (a background tab, a browser starting) has just asked.
let wasHidden = document.visibilityState === 'hidden';
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') wasHidden = true;
  else if (wasHidden) {
    wasHidden = false;
    poller.refresh();
  }
});
