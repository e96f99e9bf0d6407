import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_PATH, VIDEO_UPLOAD_RESULT_HEADER } from '@nomadas/shared';
import { report, startApp, waitUntil, type AppProcess } from '../test/app-process.js';
import { makeTestClip } from '../test/test-clip.js';
import { call, isOk, registerActivatedUser } from '../test/remote-client.js';

/*
 * DESIGN.md §6: video processing runs from a durable job. The app is killed with SIGKILL while it transcodes
 * an upload (the video still 'procesando'); a new process on the same data folder runs the job again once the
 * dead worker's lease has run out, and the video ends ready, its original and work files gone.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function uploadVideo(app: AppProcess, token: string, bytes: Buffer, title: string): Promise<string> {
  const headers = { 'tus-resumable': '1.0.0', 'api-token': token };
  const created = await fetch(`${app.baseUrl}${VIDEO_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `title ${Buffer.from(title).toString('base64')}`,
    },
  });
  expect(created.status, await created.text()).toBe(201);
  const sent = await fetch(`${app.baseUrl}${created.headers.get('location')}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: new Uint8Array(bytes),
  });
  expect(sent.status, await sent.text()).toBe(204);
  return sent.headers.get(VIDEO_UPLOAD_RESULT_HEADER)!;
}

const ownVideo = async (app: AppProcess, token: string, name: string) => {
  const answer = await call(app.baseUrl, 'GET', '/api/canal', { token });
  return (answer.body?.data?.videos as { name: string; state: string; progress: number }[] | undefined)?.find(
    (video) => video.name === name,
  );
};

describe('kill -9 while a video is being processed', () => {
  it('finishes the job after a restart on the same data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-video-kill-'));
    // Reachable by the postgres account, so this runs on the default embedded PostgreSQL.
    await fs.chmod(dataDir, 0o755);
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    // A short lease, so the dead worker's job is free again soon after the restart.
    const env = { DATA_DIR: dataDir, JOBS_POLL_MS: '500', JOBS_LEASE_SECONDS: '4' };

    // A minute of 640×360 with sound: a few seconds of transcoding, time enough to be killed in the middle.
    const clip = await makeTestClip(path.join(dataDir, 'clip.mp4'), { size: '640x360', seconds: 60 });

    const first = await startApp(env);
    cleanups.push(() => first.kill9());
    const user = await registerActivatedUser(first.baseUrl, path.join(dataDir, 'outbox'));
    const channel = await call(first.baseUrl, 'POST', '/api/canales', {
      token: user.token,
      body: { nombre: 'Rutas de prueba' },
    });
    expect(isOk(channel), JSON.stringify(channel.body)).toBe(true);
    const name = await uploadVideo(first, user.token, await fs.readFile(clip), 'Un minuto de carretera');

    let atKill: { state: string; progress: number } | undefined;
    await waitUntil(
      'the transcode to be under way',
      async () => {
        atKill = await ownVideo(first, user.token, name);
        return atKill !== undefined && atKill.progress > 0;
      },
      30_000,
      50,
    );
    await first.kill9();
    expect(atKill).toMatchObject({ state: 'procesando' });
    expect(atKill!.progress).toBeLessThan(100);

    const restarted = Date.now();
    const second = await startApp(env);
    cleanups.push(() => second.stop());
    expect((await ownVideo(second, user.token, name))?.state).toBe('procesando');
    await waitUntil(
      'the video to be ready after the restart',
      async () => (await ownVideo(second, user.token, name))?.state === 'lista',
      120_000,
      250,
    );
    const readyMs = Date.now() - restarted;

    const page = await call(second.baseUrl, 'GET', `/api/canales/${channel.body.data.url}/${name}`);
    expect(page.body.data.video).toMatchObject({ state: 'lista', progress: 100, width: 640, height: 360 });
    const part = await fetch(`${second.baseUrl}${page.body.data.video.src}`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // Nothing left on the private side: the original went with the success, the killed run's work folder too.
    // tus's parts, the original in the media store and this instance's work folders (the last two may never
    // have been made: the store makes a folder when it first stores a key there).
    const left = [
      await fs.readdir(path.join(dataDir, 'uploads/tus')),
      ...(await Promise.all(
        ['media/originals', 'video-work'].map((dir) => fs.readdir(path.join(dataDir, dir)).catch(() => [])),
      )),
    ];
    expect(left.flat()).toEqual([]);
    report(
      `[faults] kill -9 during a video's processing at ${atKill!.progress} %: ready ${readyMs} ms after the restart ` +
        "(the dead worker's 30 s lease, then the transcode again)",
    );
  });
});
