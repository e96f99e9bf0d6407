import type { Clock, SessionStore } from './sessionStore';

export interface NotificationPollerOptions {
  session: Pick<SessionStore, 'getSnapshot' | 'events'>;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** Milliseconds between two asks (spec §9: 30 s). */
  intervalMs: number;
  /** GET /api/notifications_nv: the pending count, or null when there was no answer. */
  fetchCount: () => Promise<number | null>;
  onCount: (count: number) => void;
}

export interface NotificationPoller {
  /** Asks now, and waits a whole interval again before the next ask; nothing while logged out. */
  refresh(): void;
  /** Stops polling for good and stops following the session. */
  dispose(): void;
}

/**
 * The header badge's poll (spec §4, §9): while a user is logged in it asks for the pending count at once
 * and then every `intervalMs`; logout stops it. Time comes from the injected clock, as in the session
 * store, so a test can prove the cadence without waiting. An answer that arrives after a newer ask, a
 * logout or another login is dropped, so the badge never shows a previous session's count.
 */
export function createNotificationPoller(options: NotificationPollerOptions): NotificationPoller {
  const { session, clock, intervalMs, fetchCount, onCount } = options;
  let running = false;
  let timer: unknown = null;
  /** Numbers every ask and every start and stop: only the latest ask's answer counts. */
  let latest = 0;

  function clearTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function ask() {
    if (!running) return;
    clearTimer();
    // The next ask is counted from this one's start, so a slow answer does not stretch the interval.
    timer = clock.setTimeout(() => {
      timer = null;
      ask();
    }, intervalMs);
    const mine = ++latest;
    void fetchCount()
      .catch(() => null)
      .then((count) => {
        if (count !== null && mine === latest) onCount(count);
      });
  }

  function start() {
    running = true;
    ask();
  }

  function stop() {
    running = false;
    latest++;
    clearTimer();
  }

  if (session.getSnapshot().status === 'in') start();
  // A login over a session (another tab's account) starts afresh as well.
  const offLogin = session.events.on('login', start);
  const offLogout = session.events.on('logout', stop);

  return {
    refresh: ask,
    dispose() {
      offLogin();
      offLogout();
      stop();
    },
  };
}
