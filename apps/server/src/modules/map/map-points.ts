import type { PreparedJson } from '../../http/prepared-json.js';
import { createShortCache } from '../../lib/short-cache.js';
import type { RealtimeEvents } from '../../realtime/events.js';

/**
 * How long a box's answer is trusted. A place added, confirmed, reviewed or removed on any instance forgets
 * the boxes holding it on every instance ('place:changed'); what that misses (an event lost while Redis was
 * away, a change made outside the app) shows for at most this long.
 */
const TRUSTED_MS = 60_000;
/** Boxes kept per instance besides the byte budget (MAP_POINTS_CACHE_MB): a box of many points is ~350 KB. */
const MAX_BOXES = 1024;

/** What a box's answer holds: its JSON (UTF-16 in memory) and its gzip. */
const sizeOf = (answer: PreparedJson) => answer.json.length * 2 + answer.gzip.byteLength;

/** The box of a cached answer's key (the filter's JSON, map.service.ts), to know whether a place is in it. */
interface Box {
  w: number;
  s: number;
  e: number;
  n: number;
}

/** Edges included: a place on a box's north or east edge is outside it, but forgetting it too costs nothing. */
function holds(key: string, lat: number, lng: number): boolean {
  const { w, s, e, n } = JSON.parse(key) as Box;
  return lat >= s && lat <= n && lng >= w && lng <= e;
}

/**
 * The map's points per box and filters, serialized and gzipped once and shared by everybody asking for
 * them, per instance (AppContext.mapPoints). The browser asks for cells of a grid (mapCells), so people
 * looking at the same area share answers; serializing thousands of points, not reading them, is the dear part.
 */
export function createMapPoints(maxBytes: number, now: () => number = Date.now) {
  const boxes = createShortCache<PreparedJson>(TRUSTED_MS, MAX_BOXES, now, { maxBytes, sizeOf });

  return {
    /** The answer for the box and filters of `key` (the filter's JSON), read by `load` when not held. */
    get: boxes.get,
    reads: boxes.reads,

    /** Keeps every instance's boxes current: the writers announce 'place:changed' after their commit. */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('place:changed', ({ lat, lng }) =>
        boxes.forgetKeys((key) => holds(key, lat, lng)),
      );
      // The LPG import touches stations all over Spain at once (modules/lpg-prices).
      await events.subscribe('places:repriced', () => boxes.clear());
      // A deleted account's reviews and confirmations leave the places they counted in, wherever they are.
      await events.subscribe('account:changed', ({ what }) => {
        if (what === 'deleted') boxes.clear();
      });
      // Changes published while this instance could not hear them are unknown: trust no box.
      events.onResume(() => boxes.clear());
    },

    /** Boxes held and their estimated bytes, for tests. */
    size: boxes.size,
  };
}

export type MapPoints = ReturnType<typeof createMapPoints>;
