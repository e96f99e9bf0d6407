import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_POLL_MS, STORAGE_KEYS } from '@nomadas/shared';
import type { LoginResponse } from '@nomadas/shared/schemas';
import { createNotificationPoller } from './notificationPoller';
import { createSessionStore, type Clock, type StorageLike } from './sessionStore';

class MapStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

/** Time moves only when the test says so, firing due timers in order. */
class FakeClock implements Clock {
  private time = 1_760_000_000_000;
  private nextId = 1;
  private timers = new Map<number, { at: number; callback: () => void }>();
  now() {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}

const loginAnswer = (clock: FakeClock, username = 'marta_ruta'): LoginResponse => ({
  state: 'OK',
  msg: 'logeado con exito',
  token: `tok-${username}`,
  username,
  img: '',
  imgc: '',
  d: '',
  date: Math.floor(clock.now() / 1000) + 3600,
});

/** Settles the fetch promises (their answers arrive as microtasks). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup() {
  const storage = new MapStorage();
  const clock = new FakeClock();
  const session = createSessionStore(storage, clock);
  const asks: Array<(count: number | null) => void> = [];
  const shown: number[] = [];
  const poller = createNotificationPoller({
    session,
    clock,
    intervalMs: NOTIFICATIONS_POLL_MS,
    fetchCount: () => new Promise((resolve) => asks.push(resolve)),
    onCount: (count) => shown.push(count),
  });
  return { storage, clock, session, asks, shown, poller };
}

describe('notification poller', () => {
  it('polls every 30 s from login, not before, and answers reach the badge', async () => {
    const { clock, session, asks, shown } = setup();
    clock.advance(5 * 60_000);
    expect(asks).toHaveLength(0);

    session.login(loginAnswer(clock));
    expect(asks).toHaveLength(1);
    asks[0]!(3);
    await settle();
    expect(shown).toEqual([3]);

    clock.advance(NOTIFICATIONS_POLL_MS - 1);
    expect(asks).toHaveLength(1);
    clock.advance(1);
    expect(asks).toHaveLength(2);
    asks[1]!(4);
    await settle();
    clock.advance(NOTIFICATIONS_POLL_MS);
    expect(asks).toHaveLength(3);
    asks[2]!(null); // no answer: the badge keeps what it had
    await settle();
    expect(shown).toEqual([3, 4]);
  });

  it('starts at start-up with a saved session', () => {
    const storage = new MapStorage();
    const clock = new FakeClock();
    storage.setItem(STORAGE_KEYS.token, 'tok-1');
    storage.setItem(STORAGE_KEYS.userData, JSON.stringify({ u: 'marta_ruta', i: '', ic: '', d: '' }));
    storage.setItem(STORAGE_KEYS.finishDate, String(Math.floor(clock.now() / 1000) + 3600));
    const session = createSessionStore(storage, clock);
    session.start();
    let asks = 0;
    createNotificationPoller({
      session,
      clock,
      intervalMs: NOTIFICATIONS_POLL_MS,
      fetchCount: async () => (asks++, 0),
      onCount: () => {},
    });
    expect(asks).toBe(1);
    clock.advance(NOTIFICATIONS_POLL_MS);
    expect(asks).toBe(2);
  });

  it('stops at logout, and an answer still on its way is dropped', async () => {
    const { clock, session, asks, shown } = setup();
    session.login(loginAnswer(clock));
    clock.advance(NOTIFICATIONS_POLL_MS);
    expect(asks).toHaveLength(2);

    session.logout('button');
    asks[1]!(7);
    await settle();
    clock.advance(10 * NOTIFICATIONS_POLL_MS);
    expect(asks).toHaveLength(2);
    expect(shown).toEqual([]);

    // The next login starts again, at once.
    session.login(loginAnswer(clock, 'luis'));
    expect(asks).toHaveLength(3);
  });

  it('refresh asks at once, restarts the wait, and a slower older answer cannot overwrite it', async () => {
    const { clock, session, asks, shown, poller } = setup();
    session.login(loginAnswer(clock));
    clock.advance(20_000);
    poller.refresh();
    expect(asks).toHaveLength(2);
    asks[1]!(0);
    asks[0]!(5); // the ask from before the refresh answers last
    await settle();
    expect(shown).toEqual([0]);

    clock.advance(NOTIFICATIONS_POLL_MS - 1);
    expect(asks).toHaveLength(2);
    clock.advance(1);
    expect(asks).toHaveLength(3);
  });

  it('refresh does nothing while logged out, and dispose stops for good', () => {
    const { clock, session, asks, poller } = setup();
    poller.refresh();
    expect(asks).toHaveLength(0);
    session.login(loginAnswer(clock));
    poller.dispose();
    clock.advance(10 * NOTIFICATIONS_POLL_MS);
    session.login(loginAnswer(clock, 'luis'));
    expect(asks).toHaveLength(1);
  });
});
