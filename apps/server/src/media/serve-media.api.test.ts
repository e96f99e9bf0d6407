import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { fetchMedia, makePhoto, uploadPost } from '../test/posts-factory.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('GET /media/ of a stored photo', () => {
  it('makes the 240 px thumbnail of a photo stored before that size existed on its first request', async () => {
    const author = await t.createSession();
    const post = (await uploadPost(t, author.token, { image: await makePhoto({ width: 90, height: 60 }) }))
      .body.data;
    const key = t.ctx.media.keyOf(post.thumbSmall)!;
    // As a photo uploaded before the 240 px size: only the 480 px thumbnail is on disk.
    await t.ctx.media.remove(key);
    expect(await t.ctx.media.open(key)).toBeNull();

    // Requests that come at once are each answered with it.
    const answers = await Promise.all([1, 2, 3].map(() => fetchMedia(t, post.thumbSmall)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(answer.body).metadata()).toMatchObject({ format: 'webp', width: 240, height: 240 });
    }
    const stored = await t.ctx.media.open(key);
    expect(stored).not.toBeNull();
    stored!.destroy();
  });

  it('answers a photo that is not there with a 404, making nothing', async () => {
    const missing = `/media/posts/ab/${'ab'.repeat(16)}-thumb-240.webp`;
    const answer = await fetch(`${t.baseUrl}${missing}`);
    expect(answer.status).toBe(404);
    expect(await t.ctx.media.open(t.ctx.media.keyOf(missing)!)).toBeNull();
  });
});
