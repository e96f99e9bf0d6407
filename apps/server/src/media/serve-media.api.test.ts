import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../lib/jobs.js';
import { SMALL_THUMBS_JOB } from '../modules/posts/small-thumbs.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createPost, fetchMedia, makePhoto, postIdOf, uploadPost } from '../test/posts-factory.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** Queues the small thumbnails' job and waits for its end. */
async function runSmallThumbs(payload: { after?: string }) {
  const jobId = await enqueueJob(t.db, SMALL_THUMBS_JOB, payload);
  t.ctx.jobs.wake();
  await expect
    .poll(
      async () =>
        (await t.db.selectFrom('jobs').select('state').where('id', '=', jobId).executeTakeFirst())?.state,
    )
    .toBe('done');
}

describe('GET /media/ of a stored photo', () => {
  it('is queued, once, the job that makes the 240 px thumbnail of photos stored before that size existed', async () => {
    // The migration queued it on this fresh database; the worker ran it at start.
    await expect
      .poll(() => t.db.selectFrom('jobs').select('state').where('kind', '=', SMALL_THUMBS_JOB).execute())
      .toEqual([{ state: 'done' }]);
  });

  it('gets the 240 px thumbnail of a photo stored before that size existed from the job, not on request', async () => {
    const author = await t.createSession();
    const post = (await uploadPost(t, author.token, { image: await makePhoto({ width: 90, height: 60 }) }))
      .body.data;
    const key = t.ctx.media.keyOf(post.thumbSmall)!;
    // As a photo uploaded before the 240 px size: only the 480 px thumbnail is stored.
    await t.ctx.media.remove(key);
    expect(await t.ctx.media.open(key)).toBeNull();
    // A request makes nothing.
    expect((await fetchMedia(t, post.thumbSmall)).status).toBe(404);
    expect(await t.ctx.media.open(key)).toBeNull();

    await runSmallThumbs({});

    const answer = await fetchMedia(t, post.thumbSmall);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(answer.body).metadata()).toMatchObject({ format: 'webp', width: 240, height: 240 });
  });

  it('leaves the photos before its cursor to the run that looked at them', async () => {
    const author = await t.createSession();
    const [first, second] = [await createPost(t, author), await createPost(t, author)];
    const keys = [first, second].map((post) => t.ctx.media.keyOf(post.thumbSmall)!);
    for (const key of keys) await t.ctx.media.remove(key);

    await runSmallThumbs({ after: await postIdOf(t, first) });
    expect(await t.ctx.media.open(keys[0]!)).toBeNull();
    const made = await t.ctx.media.open(keys[1]!);
    expect(made).not.toBeNull();
    made!.destroy();
  });

  it('answers a photo that is not there with a 404, making nothing', async () => {
    const missing = `/media/posts/ab/${'ab'.repeat(16)}-thumb-240.webp`;
    const answer = await fetch(`${t.baseUrl}${missing}`);
    expect(answer.status).toBe(404);
    expect(await t.ctx.media.open(t.ctx.media.keyOf(missing)!)).toBeNull();
  });
});
