import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskMediaStore } from '@nomadas/server/media/media-store';
import { startTestServer, type TestServer } from '@nomadas/server/test/harness';
import { seedDemo, type SeedSize } from './seed.js';

const TINY: SeedSize = { people: 3, posts: 3, photos: 1, days: 10, places: 0 };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const users = async () =>
  (await t.db.selectFrom('users').select('username').execute()).map((row) => row.username).sort();

describe('a stopped demo seed', () => {
  it('stops at its next step, removes what it wrote, and a later seed starts from the beginning', async () => {
    const before = await users();
    const media = await createDiskMediaStore(t.config.mediaDir);
    const stop = new AbortController();
    // Stopped once the demo login and moderator are in, as a shutdown would.
    const log = {
      info: (_fields: unknown, message?: string) => message?.includes('moderator') && stop.abort(),
    };
    await expect(seedDemo({ db: t.db, media, log, signal: stop.signal }, TINY)).rejects.toThrow();
    expect(await users()).toEqual(before);

    const report = await seedDemo({ db: t.db, media }, TINY);
    expect(report).toMatchObject({ users: 3, posts: 3 });
  });
});
