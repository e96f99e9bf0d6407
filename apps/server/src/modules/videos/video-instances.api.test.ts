import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_PATH, VIDEO_UPLOAD_RESULT_HEADER } from '@nomadas/shared';
import { createUploadLocker } from '../../http/tus-locker.js';
import { createServer } from '../../server.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { startS3Server, type TestS3 } from '../../test/s3-server.js';
import { makeTestClip } from '../../test/test-clip.js';
import { originalStoreKey, videoDirs } from './video-files.js';

/*
 * Uploads and their processing across instances on one PostgreSQL, as behind a load balancer. Each instance
 * has its own DATA_DIR (its jobs' work folders); they share what the README asks operators to share: the
 * upload area (VIDEO_UPLOAD_DIR, tus's parts) and the media store (a real S3-compatible server on loopback,
 * test/s3-server.ts), where finished originals wait for any instance's worker. tus's lock on an upload is
 * PostgreSQL's (http/tus-locker.ts).
 * Only where the suite has PostgreSQL (vitest.config.ts).
 */

let s3: TestS3;
let b: TestServer;
let clip: Buffer;

/**
 * Another instance of the app on B's database and media store, with a DATA_DIR of its own, and B's upload area
 * or (`ownUploads`) one inside its DATA_DIR.
 */
async function startInstance({ ownUploads = false } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-instance-'));
  const server = await createServer({
    ...b.config,
    dataDir,
    ...(ownUploads ? { videoUploadDir: path.join(dataDir, 'uploads') } : {}),
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
    ctx: server.ctx,
    dataDir,
    async close() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
type Instance = Awaited<ReturnType<typeof startInstance>>;
let a: Instance;

beforeAll(async () => {
  s3 = await startS3Server();
  b = await startTestServer({
    ...s3.env,
    VIDEO_MAX_MB: '5',
    VIDEO_MAX_DURATION_S: '60',
    JOBS_POLL_MS: '200',
  });
  a = await startInstance();
  // Videos are processed by B's worker in this file.
  await a.ctx.jobs.stop();
  const fixtures = path.join(b.config.dataDir, 'fixtures');
  await fs.mkdir(fixtures);
  clip = await fs.readFile(
    await makeTestClip(path.join(fixtures, 'clip.mp4'), { size: '320x240', seconds: 2 }),
  );
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.close();
});

async function tus(
  baseUrl: string,
  method: string,
  url: string,
  token: string,
  headers: Record<string, string> = {},
  body?: BodyInit,
) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', 'api-token': token, ...headers },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers };
}

const create = (baseUrl: string, token: string, title: string) =>
  tus(baseUrl, 'POST', VIDEO_UPLOAD_PATH, token, {
    'upload-length': String(clip.length),
    'upload-metadata': `title ${Buffer.from(title).toString('base64')}`,
  });

const patch = (baseUrl: string, location: string, token: string, offset: number) =>
  tus(
    baseUrl,
    'PATCH',
    location,
    token,
    { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    new Uint8Array(clip.subarray(offset)),
  );

const offsetOn = async (baseUrl: string, location: string, token: string) =>
  Number((await tus(baseUrl, 'HEAD', location, token)).headers.get('upload-offset'));

/** A logged-in user with a channel (the row written as the channel API would). */
async function channelOwner() {
  const user = await b.createSession();
  const url = `canal-${user.username.replace(/_/g, '-')}`;
  await b.db
    .insertInto('channels')
    .values({ owner_id: user.id, url, name: `Canal de ${user.username}` })
    .execute();
  return { ...user, url };
}

const stateOf = async (token: string, name: string) => {
  const own = await b.get('/api/canal', { token });
  return (own.body.data.videos as { name: string; state: string }[]).find((video) => video.name === name)
    ?.state;
};

const playable = (token: string, name: string) =>
  expect.poll(() => stateOf(token, name), { timeout: 30_000, interval: 200 }).toBe('lista');

describe('uploads and video jobs across instances', () => {
  it('holds an upload lock on one instance at a time, and asks the holder to let go', async () => {
    const one = createUploadLocker(b.config.databaseSessionUrl);
    const two = createUploadLocker(b.config.databaseSessionUrl);
    try {
      const id = crypto.randomBytes(16).toString('hex');
      let askedToLetGo!: () => void;
      const asked = new Promise<void>((resolve) => (askedToLetGo = resolve));
      const first = one.newLock(id);
      await first.lock(new AbortController().signal, () => askedToLetGo());

      let secondHolds = false;
      const second = two.newLock(id);
      const taking = second.lock(new AbortController().signal, () => {}).then(() => (secondHolds = true));
      // The other instance's request reached the holder (NOTIFY); it still holds until it unlocks.
      await asked;
      expect(secondHolds).toBe(false);
      await first.unlock();
      await taking;
      expect(secondHolds).toBe(true);

      // A request that gives up while waiting (its client went away) is refused as tus's MemoryLocker does.
      const leaving = new AbortController();
      const third = one.newLock(id).lock(leaving.signal, () => {});
      leaving.abort();
      await expect(third).rejects.toMatchObject({ status_code: 500 });
      await second.unlock();
      // Free again for anyone.
      const fourth = one.newLock(id);
      await fourth.lock(new AbortController().signal, () => {});
      await fourth.unlock();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('asks the holders of a lost lock session to stop, and locks again on a new session', async () => {
    const one = createUploadLocker(b.config.databaseSessionUrl);
    const two = createUploadLocker(b.config.databaseSessionUrl);
    try {
      const id = crypto.randomBytes(16).toString('hex');
      let askedToStop!: () => void;
      const asked = new Promise<void>((resolve) => (askedToStop = resolve));
      const held = one.newLock(id);
      await held.lock(new AbortController().signal, () => askedToStop());
      // PostgreSQL ends the session holding it (a restart, a network cut): its locks go with it.
      // (Its lock connection only: the job workers' claims hold transaction-level advisory locks too.)
      const ended = await sql<{ ended: boolean }>`select pg_terminate_backend(l.pid) as ended
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and a.application_name = 'nomadas-locks'
          and a.datname = current_database()`.execute(b.db);
      expect(ended.rows).toEqual([{ ended: true }]);
      await asked;
      await held.unlock();
      for (const locker of [two, one]) {
        const lock = locker.newLock(id);
        await lock.lock(new AbortController().signal, () => {});
        await lock.unlock();
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('continues on B an upload started on A', async () => {
    const owner = await channelOwner();
    const created = await create(a.url, owner.token, 'Empieza en A');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(clip.length / 2);
    const started = await tus(
      a.url,
      'PATCH',
      location,
      owner.token,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      new Uint8Array(clip.subarray(0, half)),
    );
    expect(started.status).toBe(204);
    expect(await offsetOn(b.baseUrl, location, owner.token)).toBe(half);
    const finished = await patch(b.baseUrl, location, owner.token, half);
    expect(finished.status).toBe(204);
    expect(finished.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('empieza-en-a');
    await playable(owner.token, 'empieza-en-a');
  });

  it('lets one of two PATCHes of an upload on two instances write at a time, and the bytes end right', async () => {
    const owner = await channelOwner();
    const created = await create(b.baseUrl, owner.token, 'Dos a la vez');
    const location = created.headers.get('location')!;
    const part = path.join(videoDirs(b.config).uploads, location.split('/').pop()!);
    const sent = 64 * 1024;

    // A's PATCH sends 64 KB of the file and then stalls, its body still open.
    const stalled = http.request(`${a.url}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'api-token': owner.token,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(clip.length),
      },
    });
    const stalledAnswer = new Promise<http.IncomingMessage>((resolve, reject) => {
      stalled.on('response', resolve);
      stalled.on('error', reject);
    });
    stalled.write(clip.subarray(0, sent));
    try {
      await expect.poll(async () => (await fs.stat(part)).size).toBe(sent);

      // B's PATCH asks A's request to let go (tus waits 3 s for it to drain), then takes the lock, finds the
      // upload further on than it said and answers 409, as tus does for an offset that is not the upload's.
      const contender = await patch(b.baseUrl, location, owner.token, 0);
      expect(contender.status).toBe(409);
      // A's request was stopped by B's and answered with what it had stored, its body never finished.
      const letGo = await stalledAnswer;
      expect(letGo.statusCode).toBe(204);
      expect(letGo.headers['upload-offset']).toBe(String(sent));
      expect(await fs.readFile(part)).toEqual(clip.subarray(0, sent));
    } finally {
      stalled.destroy();
    }

    // The client asks where the upload stands and sends the rest.
    const offset = await offsetOn(b.baseUrl, location, owner.token);
    expect(offset).toBe(sent);
    const finished = await patch(b.baseUrl, location, owner.token, offset);
    expect(finished.status).toBe(204);
    expect(finished.headers.get(VIDEO_UPLOAD_RESULT_HEADER)).toBe('dos-a-la-vez');
    await playable(owner.token, 'dos-a-la-vez');
  });

  it('processes on B an upload made on an instance that closed before its worker ran', async () => {
    const owner = await channelOwner();
    // C keeps even its upload area to itself: the original reaches B through the media store only.
    const c = await startInstance({ ownUploads: true });
    await c.ctx.jobs.stop();
    // Until C is gone, no worker runs.
    await b.ctx.jobs.stop();
    let original = '';
    try {
      const created = await create(c.url, owner.token, 'Termina en C');
      const location = created.headers.get('location')!;
      const done = await patch(c.url, location, owner.token, 0);
      expect(done.status).toBe(204);
      // The original is in the bucket, whole.
      original = originalStoreKey(location.split('/').pop()!);
      expect(await s3.readObject(original)).toEqual(clip);
      expect(await stateOf(owner.token, 'termina-en-c')).toBe('procesando');
    } finally {
      // Closed, and its DATA_DIR removed with its upload area: nothing of C's disk is left for B to use.
      await c.close();
      b.ctx.jobs.start();
    }
    await playable(owner.token, 'termina-en-c');
    expect(await s3.readObject(original)).toBeNull();

    const watch = await b.get(`/api/canales/${owner.url}/termina-en-c`, { token: owner.token });
    const src = watch.body.data.video.src as string;
    for (const baseUrl of [b.baseUrl, a.url]) {
      const part = await fetch(`${baseUrl}${src}`, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    }
  });
});
