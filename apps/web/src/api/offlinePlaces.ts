import type { MapLocation, MapOffline, MapPoints } from '@nomadas/shared/schemas';
import { createStore, useStore } from '../app/store';
import { decodePlace, savedPoints, savedSheet, searchSaved, type SavedPlace } from '../map/offlinePlaces';
import { placeFromSheet } from '../map/myPlacesOffline';
import {
  deleteSavedPlaces,
  readMyPlaces,
  readSavedInfo,
  readSavedPlaces,
  writeMyPlaces,
  writeSavedPlaces,
  type SavedSetInfo,
} from '../map/offlinePlacesDb';
import { call, find, isOk } from './client';
import { dataOf } from './queries/apiData';

/**
 * Spain's public places kept on the device for use with no signal (issue #31): one download of the whole set
 * (GET /api/map/offline), then deltas since its version. When the map's calls get no answer, its points and
 * sheets come from here.
 */
export interface SavedPlacesState {
  /** 'unknown' until IndexedDB has been read. */
  phase: 'unknown' | 'none' | 'saving' | 'saved';
  info: SavedSetInfo | null;
  /** The last download failed (no connection): the set, if any, stays as it was. */
  failed: boolean;
  /** The map is showing the saved set because the server did not answer. */
  servingSaved: boolean;
}

const store = createStore<SavedPlacesState>({
  phase: 'unknown',
  info: null,
  failed: false,
  servingSaved: false,
});
export const useSavedPlaces = () => useStore(store);

/** A whole set downloads slowly over a poor link: more time than a call's 20 s. */
const DOWNLOAD_TIMEOUT_MS = 180_000;

// The places in memory once read (the map asks for cells many times); forgotten when the set changes.
let inMemory: Promise<SavedPlace[]> | null = null;
const places = () => (inMemory ??= readSavedPlaces());

let loaded: Promise<SavedSetInfo | null> | null = null;
/** Reads what is saved (once): the map's panel shows it, and the deltas start from its version. */
export function loadSavedInfo(): Promise<SavedSetInfo | null> {
  return (loaded ??= readSavedInfo()
    .catch(() => null)
    .then((info) => {
      store.set((state) => ({ ...state, phase: info ? 'saved' : 'none', info }));
      return info;
    }));
}

async function download(since: number | undefined): Promise<SavedSetInfo> {
  const data: MapOffline = await dataOf(
    call(
      'GET /map/offline',
      { query: since === undefined ? {} : { since } },
      { timeoutMs: DOWNLOAD_TIMEOUT_MS },
    ),
  );
  const info = await writeSavedPlaces({
    full: data.full,
    places: data.places.map(decodePlace),
    removed: data.removed,
    version: data.version,
  });
  inMemory = null;
  return info;
}

let running: Promise<void> | null = null;
/**
 * Downloads the whole set (`full`) or what changed since the saved version; one at a time. A `quiet` one
 * (the map's own update on a visit) does not report a failure: no signal is when the set is needed.
 */
function bringUpToDate(full: boolean, quiet = false): Promise<void> {
  return (running ??= (async () => {
    const before = await loadSavedInfo();
    if (!full && !before) return;
    store.set((state) => ({ ...state, phase: 'saving', failed: false }));
    try {
      const info = await download(full || !before ? undefined : before.version);
      store.set((state) => ({ ...state, phase: 'saved', info, failed: false }));
    } catch {
      store.set((state) => ({ ...state, phase: state.info ? 'saved' : 'none', failed: !quiet }));
    }
  })().finally(() => (running = null)));
}

/** "Guardar España para usar sin conexión". */
export const saveAllPlaces = () => bringUpToDate(true);
/** "Actualizar": only what changed since the saved version. */
export const updateSavedPlaces = () => bringUpToDate(false);
/** On each visit of the map, when a set is saved: its delta, quietly. */
export const refreshSavedPlaces = () => bringUpToDate(false, true);

/** "Borrar". */
export async function deleteAllPlaces(): Promise<void> {
  await running;
  await deleteSavedPlaces();
  inMemory = null;
  store.set((state) => ({ ...state, phase: 'none', info: null, failed: false, servingSaved: false }));
}

const servingSaved = (value: boolean) => store.set((state) => ({ ...state, servingSaved: value }));

/** The points of a cell from the saved set, or null when nothing is saved (the call's failure then shows). */
export async function savedPointsOf(search: string): Promise<MapPoints | null> {
  if (!(await loadSavedInfo().catch(() => null))) return null;
  const answer = savedPoints(await places(), search);
  servingSaved(true);
  return answer;
}

/** The sheet of a saved place (Spain's set, else "Mis lugares"), or null when it is not among them. */
export async function savedSheetOf(urlpoint: string): Promise<MapLocation | null> {
  const inSet = (await loadSavedInfo().catch(() => null))
    ? (await places()).find((saved) => saved.u === urlpoint)
    : undefined;
  const mine = (await readMyPlaces().catch(() => [])).find((place) => place.u === urlpoint);
  const place = inSet ?? mine;
  return place ? { ...savedSheet(place), saved: mine !== undefined } : null;
}

/**
 * "Mis lugares" are the first kept for use offline (issue #32): their sheets go into IndexedDB whether or not
 * Spain is saved. A place kept already is not asked for again; one no longer saved is dropped. Nothing is
 * written once `stillTheirs` says the session that read them has ended.
 */
export async function keepMyPlacesOffline(
  saved: readonly { u: string }[],
  stillTheirs: () => boolean,
): Promise<void> {
  const kept = new Map((await readMyPlaces()).map((place) => [place.u, place]));
  const next: SavedPlace[] = [];
  for (const { u } of saved) {
    const known = kept.get(u);
    if (known) {
      next.push(known);
      continue;
    }
    const answer = await find('GET /map/location/:urlpoint', { params: { urlpoint: u } });
    if (answer && isOk(answer) && answer.data) next.push(placeFromSheet(answer.data));
  }
  await writeMyPlaces(next, stillTheirs);
}

/** The map's calls answer again. */
export const answeredOnline = () => {
  if (store.get().servingSaved) servingSaved(false);
};

/** Places or towns by name, in the saved set (with or without a connection). */
export async function searchSavedPlaces(typed: string, max = 8): Promise<SavedPlace[]> {
  if (!(await loadSavedInfo().catch(() => null))) return [];
  return searchSaved(await places(), typed, max);
}
