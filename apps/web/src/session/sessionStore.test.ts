import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@nomadas/shared';
import type { LoginResponse } from '@nomadas/shared/schemas';
import { FakeClock } from '../test/fakeClock';
import { MemoryStorage } from '../test/memoryStorage';
import { createSessionStore } from './sessionStore';

const NOW = 1_760_000_000; // epoch seconds

const user = { token: 'tok-1', u: 'marta_ruta', i: '/media/m.jpg', ic: '', d: 'Viajo con Lola' };

function saveSession(storage: MemoryStorage, finishDate: number) {
  storage.setItem(STORAGE_KEYS.token, user.token);
  storage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  storage.setItem(STORAGE_KEYS.finishDate, String(finishDate));
  storage.setItem(STORAGE_KEYS.visible, '1');
  storage.setItem(STORAGE_KEYS.visibleRange, '1000');
  storage.setItem(STORAGE_KEYS.visiblePoint, '{"latitude":42.46,"longitude":-6.06}');
}

const loginAnswer = (date: number): LoginResponse => ({
  state: 'OK',
  msg: 'Sesión iniciada con éxito',
  token: 'tok-2',
  username: 'pablo',
  img: '',
  imgc: '/media/c.jpg',
  d: '',
  date,
});

function setup(startSeconds = NOW) {
  const storage = new MemoryStorage();
  const clock = new FakeClock(startSeconds * 1000);
  const store = createSessionStore(storage, clock);
  const onLogin = vi.fn();
  const onLogout = vi.fn();
  store.events.on('login', onLogin);
  store.events.on('logout', onLogout);
  return { storage, clock, store, onLogin, onLogout };
}

describe('session store', () => {
  it('starts logged out with nothing saved', () => {
    const { store, onLogin } = setup();
    expect(store.start()).toEqual({ status: 'out' });
    expect(store.getToken()).toBeNull();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('restores a saved session at start and emits a restored login', () => {
    const { storage, store, onLogin } = setup();
    saveSession(storage, NOW + 3600);
    expect(store.start()).toEqual({ status: 'in', user, finishDate: NOW + 3600 });
    expect(store.getToken()).toBe('tok-1');
    expect(onLogin).toHaveBeenCalledWith({ user, restored: true });
  });

  it("keeps a moderator's role from the login answer across a restart, and only that role", () => {
    const { storage, store } = setup();
    expect(store.login({ ...loginAnswer(NOW + 3600), role: 'moderator' })).toMatchObject({
      role: 'moderator',
    });
    const restarted = createSessionStore(storage, new FakeClock(NOW * 1000));
    expect(restarted.start()).toMatchObject({ status: 'in', user: { u: 'pablo', role: 'moderator' } });

    storage.setItem(STORAGE_KEYS.userData, JSON.stringify({ ...user, role: 'admin' }));
    const tampered = createSessionStore(storage, new FakeClock(NOW * 1000)).start();
    expect(tampered.status === 'in' && tampered.user).toEqual({ ...user, token: 'tok-2' });
  });

  it('keeps a saved session with exactly 10 s left', () => {
    const { storage, store } = setup();
    saveSession(storage, NOW + 10);
    expect(store.start().status).toBe('in');
  });

  it('drops a saved session with under 10 s left and clears its keys', () => {
    const { storage, store, onLogin, onLogout } = setup();
    saveSession(storage, NOW + 9);
    storage.setItem(STORAGE_KEYS.cookies, '2');
    expect(store.start()).toEqual({ status: 'out' });
    expect([...storage.map.keys()]).toEqual([STORAGE_KEYS.cookies]);
    expect(onLogin).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('drops an already expired or broken saved session', () => {
    const expired = setup();
    saveSession(expired.storage, NOW - 60);
    expect(expired.store.start().status).toBe('out');

    const broken = setup();
    saveSession(broken.storage, NOW + 3600);
    broken.storage.setItem(STORAGE_KEYS.userData, '{not json');
    expect(broken.store.start().status).toBe('out');
    expect(broken.storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('login stores token, user_data and finish_date and emits login', () => {
    const { storage, store, onLogin } = setup();
    store.start();
    const listener = vi.fn();
    store.subscribe(listener);
    const stored = store.login(loginAnswer(NOW + 86_400));
    const expected = { token: 'tok-2', u: 'pablo', i: '', ic: '/media/c.jpg', d: '' };
    expect(stored).toEqual(expected);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe('tok-2');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.userData)!)).toEqual(expected);
    expect(storage.getItem(STORAGE_KEYS.finishDate)).toBe(String(NOW + 86_400));
    expect(store.getSnapshot()).toEqual({ status: 'in', user: expected, finishDate: NOW + 86_400 });
    expect(onLogin).toHaveBeenCalledWith({ user: expected, restored: false });
    expect(listener).toHaveBeenCalled();
  });

  it('does not log in on an answer without a session (username -1, KO)', () => {
    const { store, storage } = setup();
    expect(store.login({ state: 'OK', msg: '', username: -1 })).toBeNull();
    expect(store.login({ state: 'KO', msg: 'Usuario o contraseña incorrectos' })).toBeNull();
    expect(store.getSnapshot().status).toBe('out');
    expect(storage.map.size).toBe(0);
  });

  it('logs out when the expiry timer reaches finish_date', () => {
    const { storage, clock, store, onLogout } = setup();
    store.login(loginAnswer(NOW + 120));
    clock.advance(119_000);
    expect(store.getSnapshot().status).toBe('in');
    clock.advance(1000);
    expect(store.getSnapshot().status).toBe('out');
    expect(onLogout).toHaveBeenCalledWith({ reason: 'expired' });
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('arms the expiry of a restored session', () => {
    const { storage, clock, store, onLogout } = setup();
    saveSession(storage, NOW + 30);
    store.start();
    clock.advance(30_000);
    expect(onLogout).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('handles sessions longer than the 24.8-day setTimeout limit', () => {
    const { clock, store, onLogout } = setup();
    const thirtyDays = 30 * 86_400;
    store.login(loginAnswer(NOW + thirtyDays));
    clock.advance(25 * 86_400_000);
    expect(store.getSnapshot().status).toBe('in');
    clock.advance(5 * 86_400_000);
    expect(store.getSnapshot().status).toBe('out');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logout clears token, user_data, finish_date, visible, visible_range and visible_point, emits once', () => {
    const { storage, clock, store, onLogout } = setup();
    saveSession(storage, NOW + 3600);
    storage.setItem(STORAGE_KEYS.cookies, '1');
    storage.setItem(STORAGE_KEYS.bannerHomeTime, String(NOW));
    store.start();
    expect(store.logout('button')).toBe(true);
    expect(store.logout('unauthorized')).toBe(false);
    expect([...storage.map.keys()].sort()).toEqual(
      [STORAGE_KEYS.bannerHomeTime, STORAGE_KEYS.cookies].sort(),
    );
    expect(store.getSnapshot()).toEqual({ status: 'out' });
    expect(store.getToken()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledWith({ reason: 'button' });
    expect(clock.pending).toBe(0);
  });

  it('updateUser changes the stored user data but keeps the token', () => {
    const { storage, store } = setup();
    store.login(loginAnswer(NOW + 3600));
    store.updateUser({ i: '/media/new.jpg' });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.userData)!)).toMatchObject({
      token: 'tok-2',
      i: '/media/new.jpg',
    });
  });

  it('follows another tab: login there logs in here, logout there logs out here', () => {
    const { storage, store, onLogin, onLogout } = setup();
    store.start();
    saveSession(storage, NOW + 3600);
    store.sync();
    expect(store.getSnapshot().status).toBe('in');
    expect(onLogin).toHaveBeenCalledWith({ user, restored: true });
    storage.map.clear();
    store.sync();
    expect(store.getSnapshot().status).toBe('out');
    expect(onLogout).toHaveBeenCalledWith({ reason: 'other-tab' });
  });
});
