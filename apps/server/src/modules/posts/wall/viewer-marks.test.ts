import { describe, expect, it } from 'vitest';
import {
  createViewerMarks,
  type MarksSource,
  type PageMarksAsked,
  type ReaderMarkRows,
} from './viewer-marks.js';

/** A database of readers' marks, counting the reads of each kind. */
function marksSource(rows: Partial<ReaderMarkRows> = {}) {
  const db: ReaderMarkRows = { liked: [], followed: [], likedComments: [], shifting: [], ...rows };
  const reads = { whole: 0, page: [] as PageMarksAsked[] };
  const source: MarksSource = {
    whole: async (cap) => {
      reads.whole++;
      const cut = (list: string[]) => list.slice(0, cap + 1);
      return {
        liked: cut(db.liked),
        followed: cut(db.followed),
        likedComments: cut(db.likedComments),
        shifting: cut(db.shifting),
      };
    },
    page: async (asked) => {
      reads.page.push(asked);
      return {
        liked: new Set(asked.postIds.filter((id) => db.liked.includes(id))),
        followed: new Set(asked.authorIds.filter((id) => db.followed.includes(id))),
        likedComments: new Set(),
        shifted: false,
      };
    },
  };
  return { db, reads, source };
}

const page = (postIds: string[], range: PageMarksAsked['range'] = { oldestId: postIds.at(-1)! }) => ({
  postIds,
  authorIds: ['50'],
  commentIds: ['900'],
  range,
});

describe('viewer marks', () => {
  it('reads a reader whole once, then takes every page, at any depth, from memory', async () => {
    const marks = createViewerMarks();
    const { reads, source } = marksSource({
      liked: ['3', '20001'],
      followed: ['50'],
      likedComments: ['900'],
    });
    const first = await marks.read('7', page(['4', '3']), source);
    expect(first).toEqual({
      liked: new Set(['3']),
      followed: new Set(['50']),
      likedComments: new Set(['900']),
      shifted: false,
    });
    const deep = await marks.read('7', page(['20002', '20001']), source);
    expect([...deep.liked]).toEqual(['20001']);
    expect(reads).toEqual({ whole: 1, page: [] });
  });

  it('shares one read among a reader’s pages asked at once', async () => {
    const marks = createViewerMarks();
    const { reads, source } = marksSource({ liked: ['4'] });
    await Promise.all([marks.read('7', page(['4']), source), marks.read('7', page(['5']), source)]);
    expect(reads.whole).toBe(1);
  });

  it('reads again after a forget, and keeps other readers', async () => {
    const marks = createViewerMarks();
    const { db, reads, source } = marksSource();
    await marks.read('7', page(['4']), source);
    await marks.read('8', page(['4']), source);
    db.liked.push('4');
    marks.forget('7');
    expect([...(await marks.read('7', page(['4']), source)).liked]).toEqual(['4']);
    expect([...(await marks.read('8', page(['4']), source)).liked]).toEqual([]);
    expect(reads.whole).toBe(3);
  });

  it('answers a read that was on its way at a forget, but does not keep what it read', async () => {
    const marks = createViewerMarks();
    const { db, source } = marksSource();
    let release!: () => void;
    const slow: MarksSource = {
      ...source,
      whole: async (cap) => {
        const rows = await source.whole(cap);
        await new Promise<void>((resolve) => (release = resolve));
        return rows;
      },
    };
    const reading = marks.read('7', page(['4']), slow);
    await Promise.resolve();
    // The like commits while the read's older snapshot is on its way.
    db.liked.push('4');
    marks.forget('7');
    release();
    expect([...(await reading).liked]).toEqual([]);
    expect([...(await marks.read('7', page(['4']), source)).liked]).toEqual(['4']);
    expect(marks.size()).toEqual({ readers: 1, marks: 1 });
  });

  it('shifts a page whose range holds a post the reader reported or their own hidden one', async () => {
    const marks = createViewerMarks();
    const { source } = marksSource({ shifting: ['40', '90'] });
    const shifted = (oldestId: string, newestId?: string) =>
      marks.read('7', page(['1'], { oldestId, newestId }), source).then((found) => found.shifted);
    expect(await shifted('30', '39')).toBe(false);
    expect(await shifted('30', '40')).toBe(true);
    expect(await shifted('91')).toBe(false);
    expect(await shifted('90')).toBe(true);
    expect(await shifted('0')).toBe(true);
  });

  it('trusts what it remembers for five minutes', async () => {
    let clock = 0;
    const marks = createViewerMarks(() => clock);
    const { reads, source } = marksSource();
    await marks.read('7', page(['4']), source);
    clock += 299_000;
    await marks.read('7', page(['4']), source);
    clock += 2_000;
    await marks.read('7', page(['4']), source);
    expect(reads.whole).toBe(2);
  });

  it('asks page by page for a reader with more than five thousand of a kind', async () => {
    const marks = createViewerMarks();
    const liked = Array.from({ length: 5_001 }, (_, i) => String(i + 1));
    const { reads, source } = marksSource({ liked });
    expect([...(await marks.read('7', page(['5001', '6000']), source)).liked]).toEqual(['5001']);
    await marks.read('7', page(['2']), source);
    expect(reads.whole).toBe(1);
    expect(reads.page.map((asked) => asked.postIds)).toEqual([['5001', '6000'], ['2']]);
    expect(marks.size()).toEqual({ readers: 1, marks: 1 });
    // Their own like is read fresh page by page: no second whole read of thousands of ids.
    marks.forget('7');
    await marks.read('7', page(['3']), source);
    expect(reads.whole).toBe(1);
    expect(reads.page).toHaveLength(3);
  });

  it('keeps nothing of a read that failed', async () => {
    const marks = createViewerMarks();
    const { reads, source } = marksSource({ liked: ['4'] });
    const failing: MarksSource = { ...source, whole: () => Promise.reject(new Error('connection lost')) };
    await expect(marks.read('7', page(['4']), failing)).rejects.toThrow('connection lost');
    expect([...(await marks.read('7', page(['4']), source)).liked]).toEqual(['4']);
    expect(reads.whole).toBe(1);
  });

  it('stays within a million marks, the least recent readers going first', async () => {
    const marks = createViewerMarks();
    const { reads, source } = marksSource({ liked: Array.from({ length: 4_000 }, (_, i) => String(i)) });
    for (let reader = 0; reader < 300; reader++) await marks.read(String(reader), page(['4']), source);
    expect(marks.size()).toEqual({ readers: 250, marks: 1_000_000 });
    // The last readers are still known; the first ones went.
    await marks.read('299', page(['4']), source);
    expect(reads.whole).toBe(300);
    await marks.read('0', page(['4']), source);
    expect(reads.whole).toBe(301);
  });
});
