import type { RealtimeEvents } from '../../../realtime/events.js';
import type { ReaderMarks } from './reader-fields.js';

/** What a logged-in caller's view of a shared wall page needs from their marks. */
export interface PageMarksAsked {
  postIds: string[];
  authorIds: string[];
  commentIds: string[];
  /**
   * The ids a caller's report or own hidden post would shift this page within: `oldestId` up to
   * `newestId` (no end when absent).
   */
  range: { oldestId: string; newestId?: string | undefined };
}

/** The caller's marks on the page (what they like, whom they follow), and whether it shifts for them. */
export interface PageMarks extends ReaderMarks {
  shifted: boolean;
}

/** All of a reader's marks as the database holds them, each list cut at WHOLE_MAX + 1. */
export interface ReaderMarkRows {
  liked: string[];
  followed: string[];
  likedComments: string[];
  /** Posts they reported, and their own posts hidden by reports (which only they see). */
  shifting: string[];
}

/** Where a reader's marks come from: all of them at once, or (for a reader with very many) page by page. */
export interface MarksSource {
  whole: (cap: number) => Promise<ReaderMarkRows>;
  page: (asked: PageMarksAsked) => Promise<PageMarks>;
}

/**
 * How long remembered marks are trusted. The caller's own writes forget theirs at once on every instance
 * (follow, below); what that misses (an event lost while Redis was away) shows for at most this long.
 */
const TRUSTED_MS = 5 * 60_000;
/** Marks remembered per instance, about 80 bytes each; the least recently reading callers go first. */
const MAX_MARKS = 1_000_000;
/** A reader with more of any kind (likes, follows, comment likes, shifting posts) is asked page by page. */
const WHOLE_MAX = 5_000;

interface WholeMarks {
  liked: Set<string>;
  followed: Set<string>;
  likedComments: Set<string>;
  shifting: bigint[];
}

interface Reader {
  /** Null for a reader with too many marks to keep. */
  marks: Promise<WholeMarks | null>;
  /** Counted in the instance's total once read. */
  size: number;
  /** Read, and found with too many marks. */
  tooMany?: boolean;
  until: number;
}

function toWhole(rows: ReaderMarkRows): WholeMarks | null {
  const lists = [rows.liked, rows.followed, rows.likedComments, rows.shifting];
  if (lists.some((list) => list.length > WHOLE_MAX)) return null;
  return {
    liked: new Set(rows.liked),
    followed: new Set(rows.followed),
    likedComments: new Set(rows.likedComments),
    shifting: rows.shifting.map(BigInt),
  };
}

const sizeOf = (marks: WholeMarks | null) =>
  marks ? marks.liked.size + marks.followed.size + marks.likedComments.size + marks.shifting.length : 1;

/** The page's share of a reader's marks, in memory. */
function marksOnPage(marks: WholeMarks, asked: PageMarksAsked): PageMarks {
  const among = (ids: string[], marked: Set<string>) => new Set(ids.filter((id) => marked.has(id)));
  const oldest = BigInt(asked.range.oldestId);
  const newest = asked.range.newestId === undefined ? null : BigInt(asked.range.newestId);
  return {
    liked: among(asked.postIds, marks.liked),
    followed: among(asked.authorIds, marks.followed),
    likedComments: among(asked.commentIds, marks.likedComments),
    // A post they reported that reports already hid counts too: the page is then asked for precisely.
    shifted: marks.shifting.some((id) => id >= oldest && (newest === null || id <= newest)),
  };
}

/**
 * Each logged-in reader's marks (likes, follows, comment likes, and the posts that shift pages for them
 * alone), read whole in one query on their first page and kept in the instance's memory: every page after
 * it, at any depth, takes its marks from here while the page itself is shared (shared-reads.ts). A reader
 * with very many marks is asked for each page's instead.
 *
 * Only what the reader does changes their marks (a like, a follow, a report) or a moderator showing their
 * hidden post again; those writes are announced after their commit and heard on every instance. A read that began
 * before a forget keeps its answer but does not store it: its snapshot may predate that write.
 */
export function createViewerMarks(now: () => number = Date.now) {
  const readers = new Map<string, Reader>();
  let total = 0;

  function drop(userId: string) {
    const reader = readers.get(userId);
    if (!reader) return;
    total -= reader.size;
    readers.delete(userId);
  }

  /** After the reader's own write. One known to have too many keeps that verdict: nothing of theirs is kept. */
  function forget(userId: string) {
    if (!readers.get(userId)?.tooMany) drop(userId);
  }

  /** The reader's marks, most recently used last (a Map iterates in insertion order). */
  function readerOf(userId: string, source: MarksSource): Reader {
    const known = readers.get(userId);
    if (known && known.until > now()) {
      readers.delete(userId);
      readers.set(userId, known);
      return known;
    }
    drop(userId);
    const reader: Reader = {
      marks: source.whole(WHOLE_MAX).then(toWhole),
      size: 0,
      until: now() + TRUSTED_MS,
    };
    readers.set(userId, reader);
    reader.marks.then(
      (marks) => {
        if (readers.get(userId) !== reader) return;
        reader.tooMany = marks === null;
        reader.size = sizeOf(marks);
        total += reader.size;
        while (total > MAX_MARKS && readers.size > 1) drop(readers.keys().next().value!);
      },
      () => readers.get(userId) === reader && readers.delete(userId),
    );
    return reader;
  }

  return {
    /** The caller's marks on a page; the database is asked only for a reader not yet (or no more) known. */
    async read(userId: string, asked: PageMarksAsked, source: MarksSource): Promise<PageMarks> {
      const marks = await readerOf(userId, source).marks;
      return marks ? marksOnPage(marks, asked) : source.page(asked);
    },

    /** After a commit that changes what `userId` has marked, or hides or shows one of their posts. */
    forget,

    /**
     * Keeps every instance's marks current: a reader's like, comment like, follow or report forgets theirs;
     * a report (which may hide the post) or a moderator showing it again forgets its author's too.
     */
    async follow(events: Pick<RealtimeEvents, 'subscribe' | 'onResume'>): Promise<void> {
      await events.subscribe('post:reacted', ({ by, what }) => {
        if (what === 'liked' || what === 'comment-liked') forget(by);
      });
      await events.subscribe('post:changed', ({ by, authorId, what }) => {
        if (what === 'reported') forget(by);
        if (what === 'reported' || what === 'restored') forget(authorId);
      });
      await events.subscribe('user:followed', ({ by }) => forget(by));
      await events.subscribe('account:changed', ({ userId, what }) => {
        if (what === 'deleted') drop(userId);
      });
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
