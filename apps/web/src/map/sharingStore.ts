import {
  POSITION_UPDATE_MS,
  stableObfuscation,
  STORAGE_KEYS,
  VISIBILITY_EVERYONE,
  VISIBILITY_FRIENDS,
  VISIBILITY_HIDDEN,
  VISIBILITY_HOURS,
  VISIBILITY_RANGE_DEFAULT,
  VISIBILITY_RANGE_MAX,
  VISIBILITY_RANGE_MIN,
  type Coordinates,
  type MapPositionFrame,
} from '@nomadas/shared';
import { createStore, type Store } from '../app/store';
import type { Clock, StorageLike } from '../session/sessionStore';

/** Spec §3 visibility type: 0 hidden, 1 friends, 2 every registered user. */
export type VisibilityType =
  typeof VISIBILITY_HIDDEN | typeof VISIBILITY_FRIENDS | typeof VISIBILITY_EVERYONE;
export type SharingHours = (typeof VISIBILITY_HOURS)[number];

export interface SharingState {
  type: VisibilityType;
  /** Metres the sent point may be away from the real one (spec §5: integer ≥ 1, default 1000). */
  range: number;
  /** While sharing: when it stops by itself (epoch ms). */
  until: number | null;
  /** The last obfuscated point sent, never the real one. */
  sent: (Coordinates & { at: number }) | null;
  /** The last attempt to read the position failed (no permission, no signal, time-out). */
  failed: boolean;
}

export interface SharingDeps {
  clock: Clock;
  storage: StorageLike;
  /** The phone's real position, or false (spec §8: geolocation failure returns false). */
  locate(): Promise<Coordinates | false>;
  /** Puts a frame on the socket. */
  send(frame: MapPositionFrame): void;
  random?: () => number;
  /** The first failure to read the position in a row (the app shows a toast). */
  onLocateFailed?(): void;
}

export interface SharingStore {
  state: Store<SharingState>;
  /** At login or start-up with a saved session: restores the stored settings and resumes sharing until `until`. */
  start(): void;
  /** At logout: timers off, back to hidden (the session clears the stored keys). */
  stop(): void;
  /** Shares for `hours` with `type` 1 or 2, moving the point within `range` metres; false for a bad range. */
  share(
    type: typeof VISIBILITY_FRIENDS | typeof VISIBILITY_EVERYONE,
    range: number,
    hours: SharingHours,
  ): boolean;
  /** Type 0: sends 0,0 with type 0 at once and stops the updates (spec §4). */
  hide(): void;
}

/** Spec §5: an integer, at least 1 (and at most VISIBILITY_RANGE_MAX); null otherwise. */
export function parseRange(value: unknown): number | null {
  const range = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof range !== 'number' || !Number.isInteger(range)) return null;
  return range >= VISIBILITY_RANGE_MIN && range <= VISIBILITY_RANGE_MAX ? range : null;
}

interface Stored {
  type: VisibilityType;
  until: number;
}

function readStored(storage: StorageLike): Stored | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.visible) ?? 'null') as Partial<Stored> | null;
    if (
      (value?.type === VISIBILITY_FRIENDS || value?.type === VISIBILITY_EVERYONE) &&
      typeof value.until === 'number'
    )
      return { type: value.type, until: value.until };
  } catch {
    // Anything else stored there reads as hidden.
  }
  return null;
}

const hiddenFrame: MapPositionFrame = { t: 'm', ta: 'pos', lng: 0, lat: 0, type: VISIBILITY_HIDDEN };

/** The point last shown (`visible_point`): kept across reloads so that a reload draws no fresh sample. */
function readShown(storage: StorageLike): Coordinates | null {
  try {
    const value = JSON.parse(
      storage.getItem(STORAGE_KEYS.visiblePoint) ?? 'null',
    ) as Partial<Coordinates> | null;
    if (typeof value?.latitude === 'number' && typeof value.longitude === 'number')
      return { latitude: value.latitude, longitude: value.longitude };
  } catch {
    // Anything else stored there: none yet.
  }
  return null;
}

/**
 * Live position sharing (spec §4, §9; DESIGN.md §6): while visible, every POSITION_UPDATE_MS the real
 * position is read and a point within the range is sent, never the real one. That point stays put while the
 * real one stays within the range of it, so repeated samples carry nothing new and cannot be averaged back
 * to the real one; a new one is drawn only after a real move (stableObfuscation). Type 0 wipes it at once;
 * sharing ends by itself at `until`. Settings live in the `visible` ({type, until}) and `visible_range`
 * storage keys, the shown point in `visible_point` (cleared at logout).
 */
export function createSharingStore(deps: SharingDeps): SharingStore {
  const { clock, storage } = deps;
  const random = deps.random ?? Math.random;
  const initial = (): SharingState => ({
    type: VISIBILITY_HIDDEN,
    range: parseRange(storage.getItem(STORAGE_KEYS.visibleRange)) ?? VISIBILITY_RANGE_DEFAULT,
    until: null,
    sent: null,
    failed: false,
  });
  const state = createStore<SharingState>(initial());
  let timer: unknown = null;
  // Bumped on every change of settings: a position read for older settings is never sent.
  let generation = 0;

  function cancel() {
    generation++;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function expire() {
    cancel();
    storage.removeItem(STORAGE_KEYS.visible);
    deps.send(hiddenFrame);
    state.set((s) => ({ ...s, type: VISIBILITY_HIDDEN, until: null, sent: null, failed: false }));
  }

  async function tick(current: number) {
    timer = null;
    const startedAt = clock.now();
    const { until } = state.get();
    if (until === null) return;
    if (startedAt >= until) return expire();
    const position = await deps.locate();
    if (current !== generation) return;
    const now = clock.now();
    if (now >= until) return expire();
    const { type, range, failed } = state.get();
    if (position) {
      const moved = stableObfuscation(position, readShown(storage), range, random);
      storage.setItem(STORAGE_KEYS.visiblePoint, JSON.stringify(moved));
      deps.send({ t: 'm', ta: 'pos', lng: moved.longitude, lat: moved.latitude, type, until });
      state.set((s) => ({ ...s, sent: { ...moved, at: now }, failed: false }));
    } else {
      if (!failed) deps.onLocateFailed?.();
      state.set((s) => ({ ...s, failed: true }));
    }
    const next = Math.max(0, Math.min(startedAt + POSITION_UPDATE_MS, until) - now);
    timer = clock.setTimeout(() => void tick(current), next);
  }

  function begin() {
    cancel();
    void tick(generation);
  }

  return {
    state,
    start() {
      cancel();
      state.set(initial());
      const stored = readStored(storage);
      if (!stored) return;
      if (stored.until <= clock.now()) {
        storage.removeItem(STORAGE_KEYS.visible);
        return;
      }
      state.set((s) => ({ ...s, type: stored.type, until: stored.until }));
      begin();
    },
    stop() {
      cancel();
      state.set({ ...initial(), range: VISIBILITY_RANGE_DEFAULT });
    },
    share(type, range, hours) {
      const valid = parseRange(range);
      if (valid === null || !VISIBILITY_HOURS.includes(hours)) return false;
      const until = clock.now() + hours * 3_600_000;
      storage.setItem(STORAGE_KEYS.visibleRange, String(valid));
      storage.setItem(STORAGE_KEYS.visible, JSON.stringify({ type, until } satisfies Stored));
      state.set((s) => ({ ...s, type, range: valid, until, sent: null, failed: false }));
      begin();
      return true;
    },
    hide() {
      expire();
    },
  };
}
