import { browserStorage } from '../app/storage';
import { session, sessionEvents, whileLoggedIn } from '../session/session';
import { RUNTIME_CACHES, readingOfAnother } from './cachePolicy';

/** The copies of the user's "Mis lugares" kept on the device (#32): theirs alone, gone with their session. */
const forgetMyPlaces = () =>
  import('../map/offlinePlacesDb').then(({ deleteMyPlaces }) => deleteMyPlaces()).catch(() => undefined);

/** Whose reading the runtime caches hold: a username, or '' for a visitor's. */
const OWNER_KEY = 'offlineDataOwner';

/** The base map's regions saved from the map (#31): nobody's in particular, so a logout keeps them. */
const baseRegions = () => import('../map/baseRegions/regionsDb');

/**
 * Forgets what the service worker kept of the user's reading (API answers, photos); the app itself stays. The
 * settings' "Borrar" (`baseRegions`) forgets the base map's saved regions too.
 */
export async function clearOfflineData({ baseRegions: withRegions = false } = {}): Promise<void> {
  if (withRegions) await baseRegions().then(({ deleteAllRegions }) => deleteAllRegions());
  if (typeof caches === 'undefined') return;
  await Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name)));
}

/**
 * The bytes of what the settings' "Borrar" forgets: the answers and photos kept of the user's reading, and the
 * base map's saved regions. Not the app itself, nor the places and whole base map saved from the map (its panel
 * shows and deletes those). Null if unknown.
 */
export async function offlineDataBytes(): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  let total = await baseRegions().then(
    ({ savedRegionsBytes }) => savedRegionsBytes(),
    () => 0,
  );
  for (const name of RUNTIME_CACHES) {
    if (!(await caches.has(name))) continue;
    for (const response of await (await caches.open(name)).matchAll()) total += await sizeOf(response);
  }
  return total;
}

/** A kept answer's size: its Content-Length, or its body's when it came without one (compressed, chunked). */
async function sizeOf(response: Response): Promise<number> {
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  return (await response.blob()).size;
}

const setOwner = (owner: string) => browserStorage.setItem(OWNER_KEY, owner);

/** The caches now hold `username`'s reading ('' a visitor's): emptied first if another user filled them. */
function adopt(username: string) {
  if (readingOfAnother(browserStorage.getItem(OWNER_KEY), username)) {
    void clearOfflineData();
    void forgetMyPlaces();
  }
  setOwner(username);
}

/**
 * One user's reading never shows to the next on this device: the caches and the kept "Mis lugares" are emptied on
 * logout and when the session's user changes (a login in another tab, or while this module was not loaded,
 * included). The service worker keys API answers by session as well (cachePolicy.ts), so an answer that lands
 * after the clearing stays out of another session's reach. Started by the shell as it mounts, before any answer
 * is kept: a logout in the first seconds of a page (before OfflineSupport's chunk) must find the owner written.
 */
export function keepOfflineDataPerUser(): () => void {
  if (session.getSnapshot().status !== 'in') adopt('');
  const offLogin = whileLoggedIn(({ u }) => adopt(u));
  // The owner is let go once all is forgotten: a logout that leaves the page (its navigation) before then is
  // finished by the next page's adopt('').
  const offLogout = sessionEvents.on('logout', () => {
    void Promise.all([clearOfflineData(), forgetMyPlaces()]).then(
      () => setOwner(''),
      () => undefined,
    );
  });
  return () => {
    offLogin();
    offLogout();
  };
}
