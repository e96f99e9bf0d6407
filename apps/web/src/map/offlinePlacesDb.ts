import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SavedPlace } from './offlinePlaces';

/** What the saved set is: the version to ask deltas from, when it was last brought up to date, its size. */
export interface SavedSetInfo {
  version: number;
  /** ms since 1970. */
  updatedAt: number;
  count: number;
}

interface PlacesDb extends DBSchema {
  places: { key: string; value: SavedPlace };
  info: { key: 'set'; value: SavedSetInfo };
  /** The user's "Mis lugares" (issue #32), kept even when Spain's set is not. */
  mine: { key: string; value: SavedPlace };
}

// Its own database: the outbox's (nomadas-outbox) changes on its own schedule.
const DB_NAME = 'nomadas-places';
let db: Promise<IDBPDatabase<PlacesDb>> | null = null;
const open = () =>
  (db ??= openDB<PlacesDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('places', { keyPath: 'u' });
        database.createObjectStore('info');
      }
      if (oldVersion < 2) database.createObjectStore('mine', { keyPath: 'u' });
    },
  }));

export async function readSavedInfo(): Promise<SavedSetInfo | null> {
  return (await (await open()).get('info', 'set')) ?? null;
}

export async function readSavedPlaces(): Promise<SavedPlace[]> {
  return (await open()).getAll('places');
}

/**
 * Writes a download in one transaction: the whole set (replacing what was kept) or a delta (its places
 * replaced or added, its removed ones deleted). Answers the new count.
 */
export async function writeSavedPlaces(
  change: { full: boolean; places: SavedPlace[]; removed: string[]; version: number },
  now = Date.now(),
): Promise<SavedSetInfo> {
  const tx = (await open()).transaction(['places', 'info'], 'readwrite');
  const places = tx.objectStore('places');
  // Requests of a transaction run in order: the count comes after the writes.
  const writes: Promise<unknown>[] = [];
  if (change.full) writes.push(places.clear());
  for (const urlpoint of change.removed) writes.push(places.delete(urlpoint));
  for (const place of change.places) writes.push(places.put(place));
  const count = await places.count();
  const info = { version: change.version, updatedAt: now, count };
  writes.push(tx.objectStore('info').put(info, 'set'));
  await Promise.all([...writes, tx.done]);
  return info;
}

export async function deleteSavedPlaces(): Promise<void> {
  const tx = (await open()).transaction(['places', 'info'], 'readwrite');
  await Promise.all([tx.objectStore('places').clear(), tx.objectStore('info').clear(), tx.done]);
}

export async function readMyPlaces(): Promise<SavedPlace[]> {
  return (await open()).getAll('mine');
}

/**
 * Replaces the kept "Mis lugares" with these, unless `stillTheirs` says no as the write begins. Asked right before
 * the transaction is made: a logout's clearing (deleteMyPlaces) made later runs after this write, never before.
 */
export async function writeMyPlaces(
  places: readonly SavedPlace[],
  stillTheirs: () => boolean = () => true,
): Promise<void> {
  const database = await open();
  if (!stillTheirs()) return;
  const tx = database.transaction('mine', 'readwrite');
  const store = tx.objectStore('mine');
  await Promise.all([store.clear(), ...places.map((place) => store.put(place)), tx.done]);
}

/** Forgets the kept "Mis lugares" (a logout, another user). */
export async function deleteMyPlaces(): Promise<void> {
  await (await open()).clear('mine');
}
