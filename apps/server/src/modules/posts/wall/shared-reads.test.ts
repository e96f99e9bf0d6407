import { describe, expect, it } from 'vitest';
import type { WallPostRow } from '../posts.queries.js';
import { createWallPageCache, type SharedWallPage } from './shared-reads.js';

/** A shared page holding the posts `ids`, counting its reads. */
function pageOf(...ids: string[]) {
  const reads = { n: 0 };
  const text = { pieces: [Buffer.from(`{"data":[${ids.join(',')}]}`)] } as SharedWallPage['text'];
  const page = { rows: ids.map((id) => ({ id }) as WallPostRow), text } as SharedWallPage;
  return { reads, load: async () => (reads.n++, page) };
}

describe('shared wall pages', () => {
  it('share one read among callers until a minute has passed', async () => {
    let clock = 0;
    const pages = createWallPageCache(undefined, () => clock);
    const first = pageOf('9', '8');
    await Promise.all([pages.get('n=0', first.load), pages.get('n=0', first.load)]);
    clock += 59_000;
    await pages.get('n=0', first.load);
    expect(first.reads.n).toBe(1);
    clock += 2_000;
    await pages.get('n=0', first.load);
    expect(first.reads.n).toBe(2);
  });

  it('forget the pages that show a changed post, and keep the others', async () => {
    const pages = createWallPageCache();
    const head = pageOf('9', '8');
    const deeper = pageOf('7', '6');
    await pages.get('n=0', head.load);
    await pages.get('n=2', deeper.load);
    pages.forget(['8']);
    await pages.get('n=0', head.load);
    await pages.get('n=2', deeper.load);
    expect([head.reads.n, deeper.reads.n]).toEqual([2, 1]);
    pages.forget(null);
    await pages.get('n=2', deeper.load);
    expect(deeper.reads.n).toBe(2);
  });

  it('forget a page still being read, whatever it will show: it may have read from before the write', async () => {
    const pages = createWallPageCache();
    let finish!: () => void;
    const slow = pageOf('7');
    const reading = pages.get('n=2', () =>
      new Promise<void>((resolve) => (finish = resolve)).then(slow.load),
    );
    pages.forget(['9']);
    finish();
    await reading;
    await pages.get('n=2', slow.load);
    expect(slow.reads.n).toBe(2);
  });

  it('keep a thousand pages, dropping the one read longest ago for a new one', async () => {
    const pages = createWallPageCache();
    const oldest = pageOf('1');
    const newer = pageOf('2');
    await pages.get('n=0', oldest.load);
    await pages.get('n=1', newer.load);
    for (let n = 2; n <= 1000; n++) await pages.get(`n=${n}`, pageOf(String(n)).load);
    await pages.get('n=1', newer.load);
    expect(newer.reads.n).toBe(1);
    await pages.get('n=0', oldest.load);
    expect(oldest.reads.n).toBe(2);
  });

  it('do not keep a read that failed', async () => {
    const pages = createWallPageCache();
    await expect(pages.get('n=0', () => Promise.reject(new Error('sin base de datos')))).rejects.toThrow();
    const page = pageOf('9');
    await pages.get('n=0', page.load);
    expect(page.reads.n).toBe(1);
  });
});
