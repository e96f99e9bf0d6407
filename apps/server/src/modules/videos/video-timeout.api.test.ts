import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_PATH, VIDEO_UPLOAD_RESULT_HEADER } from '@nomadas/shared';
import { runTool, mediaTools } from '../../media/ffmpeg.js';
import { lastVideoJob } from '../../test/channels-factory.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { videoDirs } from './video-files.js';

/*
 * A video whose processing goes past its wall-clock budget (here VIDEO_TIMEOUT_S=1, so every transcode
 * does): its ffmpeg is killed, the video ends as 'error' on the first run, and nothing is left behind.
 */

let t: TestServer;
let clip: Buffer;

beforeAll(async () => {
  t = await startTestServer({ VIDEO_TIMEOUT_S: '1', JOBS_POLL_MS: '200' });
  const file = path.join(t.config.dataDir, 'noise.mp4');
  // 20 s of moving noise: several seconds of work for libx264, a small file for the upload.
  const { ffmpeg } = await mediaTools();
  await runTool(ffmpeg, [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=20'],
    ...['-vf', 'noise=alls=60:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', file],
  ]);
  clip = await fs.readFile(file);
});
afterAll(() => t?.close());

describe('processing past its time', () => {
  it('is killed and marks the video as failed, once, leaving nothing behind', async () => {
    const owner = await t.createSession();
    await t.db
      .insertInto('channels')
      .values({ owner_id: owner.id, url: `canal-${owner.id}`, name: 'Canal con prisa' })
      .execute();
    const headers = { 'tus-resumable': '1.0.0', 'api-token': owner.token };
    const created = await fetch(`${t.baseUrl}${VIDEO_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(clip.length),
        'upload-metadata': `title ${Buffer.from('Ruido sin fin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const done = await fetch(`${t.baseUrl}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: new Uint8Array(clip),
    });
    expect(done.status).toBe(204);
    expect(done.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('ruido-sin-fin');

    const started = Date.now();
    await expect
      .poll(() => lastVideoJob(t), { timeout: 20_000, interval: 100 })
      .toMatchObject({ state: 'done', attempts: 1 });
    // Killed at its budget (1 s), not left to finish its several seconds of work.
    expect(Date.now() - started).toBeLessThan(8_000);
    const video = await t.db
      .selectFrom('videos')
      .select(['state', 'original_key'])
      .where('name', '=', 'ruido-sin-fin')
      .executeTakeFirstOrThrow();
    expect(video).toEqual({ state: 'error', original_key: null });
    const dirs = [...Object.values(videoDirs(t.config)), path.join(t.config.mediaDir, 'originals')];
    const left = await Promise.all(dirs.map((dir) => fs.readdir(dir).catch(() => [])));
    expect(left.flat()).toEqual([]);
  });
});
