import type { Db } from '../../db/database.js';
import type { RealtimeEvents } from '../../realtime/events.js';
import { buildPlaceIndex, type PlaceIndex } from './place-index.js';
import * as q from './search.queries.js';

/**
 * How long the index is trusted without a full read: every change the app makes is announced and applied
 * place by place; a write it does not announce (the demo's first fill, a hand-made change) shows after this.
 * The searches keep using the index they have during the read; the new one is built in short steps (about
 * 1.5 s of CPU in all at 100k places, its sort alone ~0.2 s at once), hence rarely.
 */
const TRUSTED_MS = 60 * 60_000;

/**
 * The public places' search index of this instance (AppContext.placeSearch, place-index.ts), read from the
 * database as the app starts and kept current by the 'place:changed' events of every instance: each one
 * re-reads its place, in batches, one batch at a time, so the last read of a place is the one kept. A
 * search waits for the events heard before it to be applied, so it never answers what a change undid.
 * Past `maxBytes` (PLACE_SEARCH_MB) there is no index (`index` answers null): the SQL search serves.
 */
export function createPlaceSearch(db: Db, maxBytes: number, now: () => number = Date.now) {
  let index: PlaceIndex | null | undefined;
  let readAt = 0;
  let readWanted = true;
  const changed = new Set<string>();
  /** Changes heard and applied, counted: a search waits until those heard before it are applied. */
  let heard = 1;
  let applied = 0;
  let waiters: Array<{ until: number; resolve: () => void; reject: (error: unknown) => void }> = [];
  let working: Promise<void> | undefined;

  async function apply(): Promise<void> {
    while (readWanted || changed.size > 0) {
      const upTo = heard;
      if (readWanted) {
        readWanted = false;
        // Whatever changed before this read is in it.
        changed.clear();
        const rows = await q.selectIndexedPlaces(db);
        const fresh = await buildPlaceIndex(rows);
        index = fresh.bytes() <= maxBytes ? fresh : null;
        readAt = now();
      } else {
        const ids = [...changed];
        changed.clear();
        const rows = await q.selectIndexedPlaces(db, ids);
        if (index) {
          for (const id of ids) index.remove(id);
          for (const row of rows) index.put(row);
          // Grown past its budget: SQL serves until a full read finds the places fit again.
          if (index.bytes() > maxBytes) index = null;
        }
      }
      applied = upTo;
      waiters = waiters.filter((waiter) => (waiter.until <= applied ? void waiter.resolve() : true));
    }
  }

  function work(): void {
    if (working) return;
    working = apply().then(
      () => {
        working = undefined;
        // Heard while the last batch was being read, after the loop looked.
        if (readWanted || changed.size > 0) work();
      },
      (error: unknown) => {
        working = undefined;
        // What was being applied may be lost: the next search reads everything again.
        readWanted = true;
        for (const waiter of waiters) waiter.reject(error);
        waiters = [];
      },
    );
  }

  function hear(placeId?: string): void {
    heard++;
    if (placeId === undefined) readWanted = true;
    else changed.add(placeId);
    // Before its first search the index is not read: the first read will hold the change.
    if (index !== undefined) work();
  }

  return {
    /** The index with every change heard so far applied; null when the places are past the budget. */
    async index(): Promise<PlaceIndex | null> {
      if (index !== undefined && !readWanted && now() - readAt > TRUSTED_MS) {
        readWanted = true;
        work();
      }
      if (applied < heard) {
        const until = heard;
        const done = new Promise<void>((resolve, reject) => waiters.push({ until, resolve, reject }));
        work();
        await done;
      }
      return index!;
    },

    /** Keeps the index current on every instance: the writers announce 'place:changed' after their commit. */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('place:changed', ({ placeId }) => hear(placeId));
      // The LPG import may add stations anywhere (modules/lpg-prices).
      await events.subscribe('places:repriced', () => hear());
      // Changes published while this instance could not hear them are unknown: read everything again.
      events.onResume(() => hear());
      // Read now, behind the start, rather than in the first search (a second or so at 100k places).
      work();
    },

    /** Places held and their estimated bytes (null: no index), for tests. */
    size: () => (index ? { places: index.size(), bytes: index.bytes() } : null),
  };
}

export type PlaceSearch = ReturnType<typeof createPlaceSearch>;
