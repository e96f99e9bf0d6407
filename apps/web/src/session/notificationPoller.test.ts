import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_POLL_MS, STORAGE_KEYS } from '@nomadas/shared';
import type { LoginResponse } from '@nomadas/shared/schemas';
import { createNotificationPoller } from './notificationPoller';
import { FakeClock } from '../test/fakeClock';
import { MemoryStorage } from '../test/memoryStorage';
import { createSessionStore } from './sessionStore';

const loginAnswer = (clock: FakeClock, username = 'marta_ruta'): LoginResponse => ({
  state: 'OK',
  msg: 'Sesión iniciada con éxito',
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
  const storage = new MemoryStorage();
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
    const storage = new MemoryStorage();
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
