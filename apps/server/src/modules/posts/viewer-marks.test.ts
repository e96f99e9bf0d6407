import { describe, expect, it } from 'vitest';
import { createViewerMarks, type PageMarks, type PageMarksAsked } from './viewer-marks.js';

/** A database of one caller's marks, counting what each read asked for. */
function marksSource(liked: string[], followed: string[] = [], shifted = false) {
  const asked: PageMarksAsked[] = [];
  const source = { liked: new Set(liked), followed: new Set(followed), shifted, asked };
  const load = async (missing: PageMarksAsked): Promise<PageMarks> => {
    asked.push(missing);
    return {
      liked: new Set(missing.postIds.filter((id) => source.liked.has(id))),
      followed: new Set(missing.authorIds.filter((id) => source.followed.has(id))),
      likedComments: new Set(),
      shifted: missing.range ? source.shifted : false,
    };
  };
  return { source, load };
}

const page = (postIds: string[], oldestId = postIds.at(-1)!) => ({
  postIds,
  authorIds: ['50'],
  commentIds: [],
  range: { oldestId, newestId: undefined },
});

describe('viewer marks', () => {
  it('reads a page once, then only the posts it has not seen', async () => {
    const marks = createViewerMarks();
    const { source, load } = marksSource(['3'], ['50']);
    const first = await marks.read('7', page(['4', '3']), load);
    expect([...first.liked]).toEqual(['3']);
    expect([...first.followed]).toEqual(['50']);
    expect(await marks.read('7', page(['4', '3']), load)).toEqual(first);
    expect(source.asked).toHaveLength(1);

    await marks.read('7', page(['4', '3', '2']), load);
    expect(source.asked[1]).toEqual({
      postIds: ['2'],
      authorIds: [],
      commentIds: [],
      range: page(['2']).range,
    });
  });

  it('reads again after a forget, and keeps other callers', async () => {
    const marks = createViewerMarks();
    const { source, load } = marksSource([]);
    await marks.read('7', page(['4']), load);
    await marks.read('8', page(['4']), load);
    source.liked.add('4');
    marks.forget('7');
    expect([...(await marks.read('7', page(['4']), load)).liked]).toEqual(['4']);
    expect([...(await marks.read('8', page(['4']), load)).liked]).toEqual([]);
    expect(source.asked).toHaveLength(3);
  });

  it('answers a read that was on its way at a forget, but does not keep what it read', async () => {
    const marks = createViewerMarks();
    const { source, load } = marksSource([]);
    let release!: () => void;
    const slowLoad = async (missing: PageMarksAsked) => {
      const answer = await load(missing);
      await new Promise<void>((resolve) => (release = resolve));
      return answer;
    };
    const reading = marks.read('7', page(['4']), slowLoad);
    await Promise.resolve();
    // The like commits while the read's older snapshot is on its way.
    source.liked.add('4');
    marks.forget('7');
    release();
    expect([...(await reading).liked]).toEqual([]);
    expect([...(await marks.read('7', page(['4']), load)).liked]).toEqual(['4']);
  });

  it('keeps whether the page shifts for the caller per range', async () => {
    const marks = createViewerMarks();
    const { source, load } = marksSource([], [], true);
    expect((await marks.read('7', page(['4']), load)).shifted).toBe(true);
    expect((await marks.read('7', page(['4']), load)).shifted).toBe(true);
    expect(source.asked).toHaveLength(1);
    await marks.read('7', page(['4'], '0'), load);
    expect(source.asked[1]).toMatchObject({ postIds: [], range: { oldestId: '0' } });
  });

  it('trusts what it remembers for five minutes', async () => {
    let clock = 0;
    const marks = createViewerMarks(() => clock);
    const { source, load } = marksSource([]);
    await marks.read('7', page(['4']), load);
    clock += 299_000;
    await marks.read('7', page(['4']), load);
    clock += 2_000;
    await marks.read('7', page(['4']), load);
    expect(source.asked).toHaveLength(2);
  });

  it('counts a mark once when two reads of the same page bring it at once', async () => {
    const marks = createViewerMarks();
    const { load } = marksSource(['4']);
    await Promise.all([marks.read('7', page(['4', '3']), load), marks.read('7', page(['4', '3']), load)]);
    // Two posts, one author and the page's range.
    expect(marks.size()).toEqual({ readers: 1, marks: 4 });
  });

  it('stays within its bounds: five thousand marks per caller, a million in all', async () => {
    const marks = createViewerMarks();
    const { load } = marksSource([]);
    const ids = (from: number) => Array.from({ length: 300 }, (_, i) => String(from + i));
    for (let from = 0; from < 6_000; from += 300) await marks.read('7', page(ids(from)), load);
    expect(marks.size().marks).toBeLessThanOrEqual(5_000);

    for (let reader = 0; reader < 3_400; reader++) await marks.read(String(reader), page(ids(0)), load);
    expect(marks.size().marks).toBeLessThanOrEqual(1_000_000);
    expect(marks.size().readers).toBeLessThan(3_400);
  });
});
