import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoDirs } from '@nomadas/server/modules/videos/video-files';
import { startTestServer, type TestServer } from '@nomadas/server/test/harness';
import { seedChannels } from './channels-seed.js';
import { createRandom } from './random.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ JOBS_POLL_MS: '200' });
});
afterAll(() => t?.close());

/** What the video pipeline keeps on its private side: uploads in progress, originals, work folders. */
async function leftovers() {
  const dirs = videoDirs(t.config);
  const listed = await Promise.all(Object.values(dirs).map((dir) => fs.readdir(dir).catch(() => [])));
  return listed.flat();
}

describe('demo channels', () => {
  it('makes clips with ffmpeg at seed time and publishes them ready to play', async () => {
    const owner = await t.createUser();
    const fans = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const seeded = await seedChannels(
      { db: t.db, media: t.ctx.media, config: t.config },
      createRandom('test'),
      {
        count: 1,
        userIds: new Map([
          ['lucia_en_ruta', owner.id],
          ...fans.map((fan) => [fan.username, fan.id] as const),
        ]),
        photoStems: [],
        now: Date.now(),
      },
    );
    expect(seeded).toEqual({ channels: 1, videos: 3 });
    const page = await t.get('/api/canales/rutas-del-norte');
    expect(page.body.data.canal).toMatchObject({ nombre: 'Rutas del Norte en furgo', videos: 3 });
    expect(page.body.data.canal.subs).toBeGreaterThanOrEqual(2);
    for (const video of page.body.data.videos) {
      expect(video).toMatchObject({
        state: 'lista',
        duration: 6,
        poster: expect.stringMatching(/^\/media\/videos\//),
      });
      const poster = await fetch(`${t.baseUrl}${video.poster}`);
      expect(poster.headers.get('content-type')).toBe('image/webp');
      expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const first = page.body.data.videos[0];
    const watch = await t.get(`/api/canales/rutas-del-norte/${first.name}`);
    // Its first bytes only, read whole: a cancelled answer still being written held the server's close
    // past the hook's 60 s on a loaded machine, since a connection in use is not closed as idle.
    const mp4 = await fetch(`${t.baseUrl}${watch.body.data.video.src}`, { headers: { range: 'bytes=0-7' } });
    expect(mp4.status).toBe(206);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await mp4.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
    expect(await leftovers()).toEqual([]);
  });
});
