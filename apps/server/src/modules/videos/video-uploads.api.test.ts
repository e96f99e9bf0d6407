import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  VIDEO_UPLOAD_PATH,
  VIDEO_UPLOAD_RESULT_HEADER,
  videoPendingMessage,
  videoTooLargeMessage,
  videoTooLongMessage,
} from '@nomadas/shared';
import { mediaTools, runTool } from '../../media/ffmpeg.js';
import { lastVideoJob } from '../../test/channels-factory.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { makeTestClip } from '../../test/test-clip.js';
import { originalStoreKey, sweepVideoFiles, videoDirs } from './video-files.js';
import { checkOriginalLater, ORIGINAL_CHECK_JOB } from './video-originals.js';
import { createUploadedVideo } from './videos.service.js';

/*
 * The resumable upload and the processing job over real HTTP on a real database, with real video made
 * by the bundled ffmpeg: upload → job → ready → range requests; refusals leave nothing on disk.
 */

let t: TestServer;
let clip: Buffer;
let fixtures: string;
const MAX_MB = 5;
const QUOTA_MB = 8;

beforeAll(async () => {
  t = await startTestServer({
    VIDEO_MAX_MB: String(MAX_MB),
    VIDEO_UNFINISHED_MB: String(QUOTA_MB),
    VIDEO_MAX_DURATION_S: '60',
    JOBS_POLL_MS: '200',
  });
  fixtures = path.join(t.config.dataDir, 'fixtures');
  await fs.mkdir(fixtures);
  // A phone-like clip: 2 s of 320×240 with sound (about 100 KB).
  const file = await makeTestClip(path.join(fixtures, 'clip.mp4'), { size: '320x240', seconds: 2 });
  clip = await fs.readFile(file);
});
afterAll(() => t?.close());

const base64 = (text: string) => Buffer.from(text).toString('base64');

async function tus(
  method: string,
  url: string,
  options: { token?: string; headers?: Record<string, string>; body?: BodyInit } = {},
) {
  const response = await fetch(`${t.baseUrl}${url}`, {
    method,
    headers: {
      'tus-resumable': '1.0.0',
      ...(options.token ? { 'api-token': options.token } : {}),
      ...options.headers,
    },
    body: options.body,
    ...(options.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text.startsWith('{') ? JSON.parse(text) : text,
  };
}

function createUpload(token: string | undefined, length: number, title: string, filename = 'ruta.mp4') {
  return tus('POST', VIDEO_UPLOAD_PATH, {
    token,
    headers: {
      'upload-length': String(length),
      'upload-metadata': `title ${base64(title)},filename ${base64(filename)}`,
    },
  });
}

function patch(token: string, location: string, offset: number, bytes: BodyInit) {
  return tus('PATCH', location, {
    token,
    headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    body: bytes,
  });
}

/** A logged-in user with a channel of their own (the factory writes the row, as the channel API would). */
async function channelOwner() {
  const user = await t.createSession();
  const url = `canal-${user.username.replace(/_/g, '-')}`;
  await t.db
    .insertInto('channels')
    .values({ owner_id: user.id, url, name: `Canal de ${user.username}` })
    .execute();
  return { ...user, url };
}

const channelOf = (owner: { id: string }) =>
  t.db.selectFrom('channels').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();

async function uploadWhole(token: string, bytes: Buffer, title: string) {
  const created = await createUpload(token, bytes.length, title);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return patch(token, created.headers.get('location')!, 0, new Uint8Array(bytes));
}

const ownVideos = async (token: string) => (await t.get('/api/canal', { token })).body.data.videos as any[];
const ownVideo = async (token: string, name: string) =>
  (await ownVideos(token)).find((video) => video.name === name);

/** What the pipeline keeps on its private side: uploads in progress, work folders, originals (disk store). */
async function leftovers() {
  const dirs = [...Object.values(videoDirs(t.config)), path.join(t.config.mediaDir, 'originals')];
  const listed = await Promise.all(dirs.map((dir) => fs.readdir(dir).catch(() => [])));
  return listed.flat();
}

describe('video upload (tus) and processing', () => {
  it('processes an uploaded MP4 and serves it with range requests', async () => {
    const owner = await channelOwner();
    const done = await uploadWhole(owner.token, clip, 'Atardecer en el Cabo de Gata');
    expect(done.status, JSON.stringify(done.body)).toBe(204);
    expect(done.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('atardecer-en-el-cabo-de-gata');

    await expect
      .poll(() => ownVideo(owner.token, 'atardecer-en-el-cabo-de-gata').then((video) => video?.state), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('lista');
    const watch = await t.get(`/api/canales/${owner.url}/atardecer-en-el-cabo-de-gata`, {
      token: owner.token,
    });
    expect(watch.body.data.video).toMatchObject({
      state: 'lista',
      progress: 100,
      width: 320,
      height: 240,
      src: expect.stringMatching(/^\/media\/videos\/[0-9a-f]{2}\/[0-9a-f]{32}\.mp4$/),
      poster: expect.stringMatching(/-poster\.webp$/),
    });
    expect(watch.body.data.video.duration).toBeCloseTo(2, 0);

    const src = `${t.baseUrl}${watch.body.data.video.src}`;
    const whole = Buffer.from(await (await fetch(src)).arrayBuffer());
    const part = await fetch(src, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-length')).toBe('1000');
    expect(part.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100, 1100));
    // The end of the file, as a player asks for it when seeking to the last seconds.
    const tail = await fetch(src, { headers: { range: 'bytes=-300' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 300));
    // The original was dropped once the job succeeded.
    await expect.poll(leftovers).toEqual([]);
  });

  it('resumes an upload cut in the middle: HEAD gives the offset, PATCH sends the rest', async () => {
    const owner = await channelOwner();
    const created = await createUpload(owner.token, clip.length, 'Ruta por los Picos de Europa');
    const location = created.headers.get('location')!;
    const half = Math.floor(clip.length / 2);
    // The connection drops after half the file: the stream breaks and the request dies mid-body.
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(clip.subarray(0, half)));
        setTimeout(() => controller.error(new Error('sin cobertura')), 200);
      },
    });
    await expect(patch(owner.token, location, 0, cut)).rejects.toThrow();

    let finished: Awaited<ReturnType<typeof patch>> | undefined;
    let resumedAt = 0;
    for (let attempt = 0; attempt < 5 && !finished; attempt++) {
      const head = await tus('HEAD', location, { token: owner.token });
      expect(head.status).toBe(200);
      const offset = (resumedAt = Number(head.headers.get('upload-offset')));
      expect(offset).toBeLessThanOrEqual(half);
      const answer = await patch(owner.token, location, offset, new Uint8Array(clip.subarray(offset)));
      // 409: the server was still writing the cut request's last bytes; a client asks HEAD again.
      if (answer.status !== 409) finished = answer;
    }
    expect(finished?.status, JSON.stringify(finished?.body)).toBe(204);
    // What arrived before the cut was kept: the rest only was sent again.
    expect(resumedAt).toBeGreaterThan(0);
    expect(finished!.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('ruta-por-los-picos-de-europa');
    await expect
      .poll(() => ownVideo(owner.token, 'ruta-por-los-picos-de-europa').then((video) => video?.state), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('lista');

    // The same title again takes the next free name in the channel.
    const again = await uploadWhole(owner.token, clip, 'Ruta por los Picos de Europa');
    expect(again.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('ruta-por-los-picos-de-europa-2');
    await expect
      .poll(() => ownVideo(owner.token, 'ruta-por-los-picos-de-europa-2').then((video) => video?.state), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('lista');
    await expect.poll(leftovers).toEqual([]);
  });

  it('refuses a text file called .mp4 and leaves nothing behind', async () => {
    const owner = await channelOwner();
    const text = Buffer.from('Esto no es un vídeo: es la lista de la compra.\n'.repeat(200));
    const answer = await uploadWhole(owner.token, text, 'Mi vídeo de prueba');
    expect(answer.status).toBe(415);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.videoNotVideo });
    expect(await leftovers()).toEqual([]);
    expect(await ownVideos(owner.token)).toEqual([]);
  });

  it('marks as failed, once, a video that passes the checks but ffmpeg cannot decode', async () => {
    const owner = await channelOwner();
    // A faststart MP4 cut short after its index: ffprobe reads the streams, ffmpeg finds no frames.
    const faststart = path.join(fixtures, 'faststart.mp4');
    const tools = await mediaTools();
    await runTool(tools.ffmpeg, [
      '-loglevel',
      'error',
      '-y',
      '-i',
      path.join(fixtures, 'clip.mp4'),
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      faststart,
    ]);
    const whole = await fs.readFile(faststart);
    const cut = whole.subarray(0, whole.indexOf('mdat') + 200);
    const answer = await uploadWhole(owner.token, cut, 'Vídeo roto');
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    await expect
      .poll(() => ownVideo(owner.token, 'video-roto').then((video) => video?.state), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('error');
    // Settled by its first run: no retries of a file that will never decode.
    await expect.poll(() => lastVideoJob(t)).toMatchObject({ state: 'done', attempts: 1 });
    await expect.poll(leftovers).toEqual([]);
  });

  it('refuses an upload over the size cap before reading a byte', async () => {
    const owner = await channelOwner();
    const answer = await tus('POST', VIDEO_UPLOAD_PATH, {
      token: owner.token,
      headers: {
        'upload-length': String((MAX_MB + 1) * 1024 * 1024),
        'upload-metadata': `title ${base64('Demasiado grande')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(64 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ state: 'KO', msg: videoTooLargeMessage(MAX_MB) });
    expect(await leftovers()).toEqual([]);
  });

  it('tells a browser whose last answer was lost that its upload is a video, so nothing is sent twice', async () => {
    const owner = await channelOwner();
    const other = await channelOwner();
    const created = await createUpload(owner.token, clip.length, 'Noche en Bardenas');
    const location = created.headers.get('location')!;
    // The last PATCH is stored and made a video, but its answer never reaches the phone.
    expect((await patch(owner.token, location, 0, new Uint8Array(clip))).status).toBe(204);

    // tus-js-client asks where the upload stands; a 404 would make it start again from the first byte.
    const head = await tus('HEAD', location, { token: owner.token });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(clip.length));
    expect(head.headers.get('upload-length')).toBe(String(clip.length));
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(head.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('noche-en-bardenas');
    expect((await ownVideos(owner.token)).map((video) => video.name)).toEqual(['noche-en-bardenas']);
    // Nobody else learns of it.
    expect((await tus('HEAD', location, { token: other.token })).status).toBe(404);

    // Once the video is deleted (here while it is still processing), the upload is unknown again.
    const deleted = await t.post(`/api/canales/${owner.url}/noche-en-bardenas/delete`, {
      token: owner.token,
    });
    expect(deleted.body.state).toBe('OK');
    expect((await tus('HEAD', location, { token: owner.token })).status).toBe(404);
    // The job that was making it playable finds it gone and leaves nothing behind.
    await expect.poll(leftovers, { timeout: 30_000, interval: 200 }).toEqual([]);
  });

  it("lets only the upload's owner resume, inspect or delete it", async () => {
    const owner = await channelOwner();
    const other = await channelOwner();
    const created = await createUpload(owner.token, clip.length, 'Mi ruta privada');
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${VIDEO_UPLOAD_PATH}/[0-9a-f]{32}$`));

    const stolen = await patch(other.token, location, 0, new Uint8Array(clip));
    expect(stolen).toMatchObject({ status: 403, body: { state: 'KO', msg: MSG.forbidden } });
    expect((await tus('HEAD', location, { token: other.token })).status).toBe(403);
    expect((await tus('DELETE', location, { token: other.token })).status).toBe(403);
    const anonymous = await patch('', location, 0, new Uint8Array(clip));
    expect(anonymous).toMatchObject({ status: 401, body: { state: 'KO', msg: MSG.sessionRequired } });

    const head = await tus('HEAD', location, { token: owner.token });
    expect(head.headers.get('upload-offset')).toBe('0');
    expect((await tus('DELETE', location, { token: owner.token })).status).toBe(204);
    expect((await tus('HEAD', location, { token: owner.token })).status).toBe(404);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses uploads without a session, without a channel or without a valid title', async () => {
    expect(await createUpload(undefined, 1000, 'Sin sesión')).toMatchObject({
      status: 401,
      body: { state: 'KO', msg: MSG.sessionRequired },
    });
    const noChannel = await t.createSession();
    expect(await createUpload(noChannel.token, 1000, 'Sin canal')).toMatchObject({
      status: 400,
      body: { state: 'KO', msg: MSG.channelRequired },
    });
    const owner = await channelOwner();
    expect(await createUpload(owner.token, 1000, 'a')).toMatchObject({
      status: 400,
      body: { state: 'KO', msg: MSG.videoTitleInvalid },
    });
    expect(await createUpload(owner.token, 0, 'Un vídeo vacío')).toMatchObject({
      status: 400,
      body: { state: 'KO', msg: MSG.videoEmpty },
    });
    expect(await leftovers()).toEqual([]);
  });
});

/** Makes an upload look untouched for `minutes` (its bytes and its .json), as the clock would. */
async function age(location: string, minutes: number) {
  const file = path.join(videoDirs(t.config).uploads, location.split('/').pop()!);
  const then = new Date(Date.now() - minutes * 60_000);
  await fs.utimes(file, then, then);
  await fs.utimes(`${file}.json`, then, then);
}

const MB = 1024 * 1024;

describe('what one user may upload at once', () => {
  it('refuses a second upload while one is in progress, before reading its body', async () => {
    const owner = await channelOwner();
    const first = await createUpload(owner.token, 3 * MB, 'Primera subida');
    expect(first.status).toBe(201);
    expect(
      (await patch(owner.token, first.headers.get('location')!, 0, new Uint8Array(64 * 1024))).status,
    ).toBe(204);
    const second = await tus('POST', VIDEO_UPLOAD_PATH, {
      token: owner.token,
      headers: {
        'upload-length': String(clip.length),
        'upload-metadata': `title ${base64('Segunda subida')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip),
    });
    expect(second).toMatchObject({ status: 429, body: { state: 'KO', msg: MSG.videoUploadInProgress } });
    // Only the first one is on disk.
    expect((await leftovers()).filter((name) => !name.endsWith('.json'))).toHaveLength(1);
    // Someone else is not held up by it.
    const other = await channelOwner();
    const others = await createUpload(other.token, 1000, 'Otra persona');
    expect(others.status).toBe(201);
    await tus('DELETE', others.headers.get('location')!, { token: other.token });
    await tus('DELETE', first.headers.get('location')!, { token: owner.token });
  });

  it('keeps what a user holds unfinished within the quota: a new upload makes room by dropping their oldest paused one', async () => {
    const owner = await channelOwner();
    const oldest = await createUpload(owner.token, 4 * MB, 'Pausada hace rato');
    await age(oldest.headers.get('location')!, 30);
    const paused = await createUpload(owner.token, 3 * MB, 'Pausada hace poco');
    await age(paused.headers.get('location')!, 5);
    // 4 + 3 + 3 MB is over the 8 MB quota: the oldest goes, the one paused five minutes ago stays.
    const third = await createUpload(owner.token, 3 * MB, 'Nueva subida');
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    expect((await tus('HEAD', oldest.headers.get('location')!, { token: owner.token })).status).toBe(404);
    expect((await tus('HEAD', paused.headers.get('location')!, { token: owner.token })).status).toBe(200);
    for (const upload of [paused, third])
      await tus('DELETE', upload.headers.get('location')!, { token: owner.token });
  });

  it('forgets an upload nobody added a byte to for VIDEO_UPLOAD_TTL_MIN (2 h), its files with it', async () => {
    const owner = await channelOwner();
    const abandoned = await createUpload(owner.token, clip.length, 'Abandonada');
    await patch(owner.token, abandoned.headers.get('location')!, 0, new Uint8Array(clip.subarray(0, 1000)));
    await age(abandoned.headers.get('location')!, 121);
    const resting = await channelOwner();
    const paused = await createUpload(resting.token, clip.length, 'En pausa');
    await age(paused.headers.get('location')!, 90);

    await sweepVideoFiles(videoDirs(t.config), t.config.videoUploadExpiryMs);
    expect((await tus('HEAD', abandoned.headers.get('location')!, { token: owner.token })).status).toBe(404);
    expect((await tus('HEAD', paused.headers.get('location')!, { token: resting.token })).status).toBe(200);
    await tus('DELETE', paused.headers.get('location')!, { token: resting.token });
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a new upload while VIDEO_MAX_PENDING of their videos wait to be processed', async () => {
    const owner = await channelOwner();
    const channel = await channelOf(owner);
    for (const n of [1, 2, 3]) {
      await t.db
        .insertInto('videos')
        .values({ channel_id: channel.id, name: `en-cola-${n}`, title: `En cola ${n}`, state: 'procesando' })
        .execute();
    }
    expect(await createUpload(owner.token, clip.length, 'Una más')).toMatchObject({
      status: 429,
      body: { state: 'KO', msg: videoPendingMessage(3) },
    });
  });

  it("processes a user's videos in their own lane (one at a time, taking turns with everyone's)", async () => {
    const owner = await channelOwner();
    const done = await uploadWhole(owner.token, clip, 'Mi carril');
    expect(done.status).toBe(204);
    const job = await lastVideoJob(t);
    expect(job.lane).toBe(`user:${owner.id}`);
  });
});

describe('the fence at upload', () => {
  it('refuses, with what is wrong, a container, a codec or a length we do not process', async () => {
    const tools = await mediaTools();
    const source = path.join(fixtures, 'clip.mp4');
    const made = async (name: string, args: string[]) => {
      const file = path.join(fixtures, name);
      await runTool(tools.ffmpeg, ['-loglevel', 'error', '-y', ...args, file]);
      return fs.readFile(file);
    };
    const cases = [
      { bytes: await made('clip.avi', ['-i', source, '-c', 'copy']), msg: MSG.videoNotVideo },
      {
        bytes: await made('mjpeg.mp4', ['-i', source, '-c:v', 'mjpeg', '-an']),
        msg: MSG.videoFormatNotAllowed,
      },
      {
        // 90 s of a still picture in a few kilobytes, over the 60 s limit.
        bytes: await made('still.mp4', [
          ...['-f', 'lavfi', '-i', 'color=s=320x180:r=30:d=90', '-c:v', 'libx264', '-preset', 'ultrafast'],
        ]),
        msg: videoTooLongMessage(1),
      },
    ];
    for (const { bytes, msg } of cases) {
      const owner = await channelOwner();
      const answer = await uploadWhole(owner.token, bytes, 'Vídeo raro');
      expect(answer, msg).toMatchObject({ status: 415, body: { state: 'KO', msg } });
      expect(await ownVideos(owner.token)).toEqual([]);
    }
    expect(await leftovers()).toEqual([]);
  });
});

describe('originals in the media store', () => {
  const jobRow = (kind: string) =>
    t.db
      .selectFrom('jobs')
      .select(['id', 'state', 'attempts', 'last_error'])
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const runNow = async (id: string) => {
    await t.db.updateTable('jobs').set({ run_at: new Date() }).where('id', '=', id).execute();
    t.ctx.jobs.wake();
  };

  it('retries a job whose original is not in the store (no error on a miss) and processes it once it is', async () => {
    const owner = await channelOwner();
    const channel = await channelOf(owner);
    const uploadId = crypto.randomBytes(16).toString('hex');
    await createUploadedVideo(t.db, {
      ownerId: owner.id,
      channelId: channel.id,
      title: 'Original que tarda',
      originalName: 'tarda.mp4',
      uploadId,
      uploadBytes: clip.length,
    });
    t.ctx.jobs.wake();
    await expect
      .poll(() => jobRow('video.process'))
      .toMatchObject({
        state: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/not in the media store/),
      });
    expect((await ownVideo(owner.token, 'original-que-tarda')).state).toBe('procesando');

    // Its next run (due in 15 s by the backoff) is made due now, once the original is there.
    await t.ctx.media.put(originalStoreKey(uploadId), clip);
    await runNow((await jobRow('video.process')).id);
    await expect
      .poll(() => ownVideo(owner.token, 'original-que-tarda').then((video) => video?.state), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('lista');
    // The job is marked done after its work, the video's new state with it, has committed.
    await expect.poll(() => jobRow('video.process')).toMatchObject({ state: 'done', attempts: 2 });
    await expect.poll(leftovers).toEqual([]);
  });

  it('removes, when its check comes due, an original that no video claims, and keeps one a video waits for', async () => {
    const owner = await channelOwner();
    const stored = async (key: string) => {
      const stream = await t.ctx.media.open(originalStoreKey(key));
      stream?.destroy();
      return stream !== null;
    };
    // Nothing runs while the jobs are arranged: the video's job is pushed back, the two checks made due.
    await t.ctx.jobs.stop();
    try {
      expect((await uploadWhole(owner.token, clip, 'Reclamado')).status).toBe(204);
      const claimedCheck = (await jobRow(ORIGINAL_CHECK_JOB)).id;
      const videoJob = (await jobRow('video.process')).id;
      await t.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() + 3600_000) })
        .where('id', '=', videoJob)
        .execute();
      const orphan = crypto.randomBytes(16).toString('hex');
      await t.ctx.media.put(originalStoreKey(orphan), Buffer.from('left by a crash before its video'));
      const orphanCheck = await checkOriginalLater(t.db, orphan);
      const checks = [claimedCheck, orphanCheck];
      await t.db.updateTable('jobs').set({ run_at: new Date() }).where('id', 'in', checks).execute();
      t.ctx.jobs.start();
      const states = () => t.db.selectFrom('jobs').select('state').where('id', 'in', checks).execute();
      await expect.poll(states).toEqual([{ state: 'done' }, { state: 'done' }]);
      const { upload_id: claimed } = await t.db
        .selectFrom('videos')
        .select('upload_id')
        .where('name', '=', 'reclamado')
        .executeTakeFirstOrThrow();
      expect(await stored(orphan)).toBe(false);
      expect(await stored(claimed!)).toBe(true);

      // The video's job runs and takes its original with it.
      await runNow(videoJob);
      await expect
        .poll(() => ownVideo(owner.token, 'reclamado').then((video) => video?.state), {
          timeout: 30_000,
          interval: 200,
        })
        .toBe('lista');
      await expect.poll(leftovers).toEqual([]);
    } finally {
      t.ctx.jobs.start();
    }
  });
});
