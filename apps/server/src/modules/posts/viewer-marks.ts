import type { RealtimeEvents } from '../../realtime/events.js';

/** What a logged-in caller's view of a shared wall page needs from the database. */
export interface PageMarksAsked {
  postIds: string[];
  authorIds: string[];
  commentIds: string[];
  /**
   * The ids a caller's report or own hidden post would shift this page within: `oldestId` up to
   * `newestId` (no end when absent). Absent when that is known already.
   */
  range?: { oldestId: string; newestId?: string | undefined } | undefined;
}

/** The caller's marks on the page: what they like and whom they follow, and whether it shifts for them. */
export interface PageMarks {
  liked: Set<string>;
  followed: Set<string>;
  likedComments: Set<string>;
  shifted: boolean;
}

/**
 * How long remembered marks are trusted. The caller's own writes forget theirs at once on every instance
 * ('marks:changed'); what that misses (an event lost while Redis was away) shows for at most this long.
 */
const TRUSTED_MS = 5 * 60_000;
/** Marks remembered per instance, about 80 bytes each; the least recently reading callers go first. */
const MAX_MARKS = 1_000_000;
/** A caller remembered with more is forgotten and starts again: some 100 pages of a wall. */
const MAX_MARKS_PER_READER = 5_000;

interface Reader {
  /** 'p'+post id: liked; 'a'+author id: followed; 'c'+comment id: liked; 'r'+range: shifted. */
  marks: Map<string, boolean>;
  until: number;
}

const rangeKey = (range: NonNullable<PageMarksAsked['range']>) =>
  `r${range.oldestId}-${range.newestId ?? ''}`;

/**
 * Each logged-in caller's marks on the posts, authors and comments the wall has shown them, kept in the
 * instance's memory, so reading the same pages again (going back to the wall, a hashtag, a reload) costs
 * no database round trip: the page itself is shared (wall-pages.ts), and its marks come from here.
 *
 * Only what the caller does changes their marks (a like, a follow, a report) or a moderator hiding their
 * post; those services call `forget` after their commit, which reaches every instance. A read that began
 * before a forget keeps its answer but does not store it: its snapshot may predate that write.
 */
export function createViewerMarks(now: () => number = Date.now) {
  const readers = new Map<string, Reader>();
  let total = 0;

  function drop(userId: string) {
    const reader = readers.get(userId);
    if (!reader) return;
    total -= reader.marks.size;
    readers.delete(userId);
  }

  /** The caller's reader, most recently used last (a Map iterates in insertion order). */
  function readerOf(userId: string): Reader {
    const known = readers.get(userId);
    if (known && known.until > now()) {
      readers.delete(userId);
      readers.set(userId, known);
      return known;
    }
    drop(userId);
    const reader: Reader = { marks: new Map(), until: now() + TRUSTED_MS };
    readers.set(userId, reader);
    return reader;
  }

  function store(userId: string, reader: Reader, loaded: Map<string, boolean>) {
    if (readers.get(userId) !== reader) return;
    if (reader.marks.size + loaded.size > MAX_MARKS_PER_READER) {
      total -= reader.marks.size;
      reader.marks.clear();
    }
    // Two reads of the same page at once both bring its marks: count each once.
    const before = reader.marks.size;
    for (const [key, value] of loaded) reader.marks.set(key, value);
    total += reader.marks.size - before;
    while (total > MAX_MARKS && readers.size > 1) drop(readers.keys().next().value!);
  }

  return {
    /** The caller's marks on a page; `load` reads from the database only what is not remembered. */
    async read(
      userId: string,
      asked: Required<PageMarksAsked>,
      load: (missing: PageMarksAsked) => Promise<PageMarks>,
    ): Promise<PageMarks> {
      const reader = readerOf(userId);
      const marks: PageMarks = {
        liked: new Set(),
        followed: new Set(),
        likedComments: new Set(),
        shifted: false,
      };
      const missing: Required<PageMarksAsked> = {
        postIds: [],
        authorIds: [],
        commentIds: [],
        range: asked.range,
      };
      const sort = (ids: string[], prefix: string, marked: Set<string>, unknown: string[]) => {
        for (const id of ids) {
          const mark = reader.marks.get(prefix + id);
          if (mark === undefined) unknown.push(id);
          else if (mark) marked.add(id);
        }
      };
      sort(asked.postIds, 'p', marks.liked, missing.postIds);
      sort(asked.authorIds, 'a', marks.followed, missing.authorIds);
      sort(asked.commentIds, 'c', marks.likedComments, missing.commentIds);
      const range = rangeKey(asked.range);
      const shifted = reader.marks.get(range);
      if (shifted !== undefined) marks.shifted = shifted;
      const rangeKnown = shifted !== undefined;
      if (rangeKnown && !missing.postIds.length && !missing.authorIds.length && !missing.commentIds.length)
        return marks;

      const found = await load(rangeKnown ? { ...missing, range: undefined } : missing);
      const loaded = new Map<string, boolean>();
      const learn = (ids: string[], prefix: string, from: Set<string>, into: Set<string>) => {
        for (const id of ids) {
          loaded.set(prefix + id, from.has(id));
          if (from.has(id)) into.add(id);
        }
      };
      learn(missing.postIds, 'p', found.liked, marks.liked);
      learn(missing.authorIds, 'a', found.followed, marks.followed);
      learn(missing.commentIds, 'c', found.likedComments, marks.likedComments);
      if (!rangeKnown) {
        loaded.set(range, found.shifted);
        marks.shifted = found.shifted;
      }
      store(userId, reader, loaded);
      return marks;
    },

    /** After a commit that changes what `userId` has marked, or hides or shows one of their posts. */
    forget: drop,

    /** Keeps every instance's marks current: the services publish 'marks:changed' after their commit. */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('marks:changed', (event) => drop(event.userId));
      // Changes published while this instance could not hear them are unknown: trust nothing remembered.
      events.onResume(() => {
        readers.clear();
        total = 0;
      });
    },

    /** Callers and marks remembered, for tests. */
    size: () => ({ readers: readers.size, marks: total }),
  };
}

export type ViewerMarks = ReturnType<typeof createViewerMarks>;
