import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_PATH, type ChatNewFrame } from '@nomadas/shared';
import { delay, report, waitUntil } from '../test/app-process.js';
import { startCluster, type Cluster } from '../test/cluster.js';
import { makePhoto } from '../test/posts-factory.js';
import {
  call,
  isOk,
  logIn,
  postForm,
  registerActivatedUser,
  type RemoteUser,
} from '../test/remote-client.js';
import { makeTestClip } from '../test/test-clip.js';
import { isNew, openSocket, type TestSocket } from '../test/ws-client.js';
import { openTab, secondBuild, type TabWatch } from '../test/rolling-build.js';

/*
 * Issue #30: three built instances behind HAProxy on deploy/haproxy.cfg (test/cluster.ts), each with its own
 * DATA_DIR, sharing PostgreSQL, Redis, an S3-compatible bucket and the upload area; what a user does through
 * the balancer holds on every instance, and an instance can stop or change build under load. Needs PostgreSQL
 * and Redis (several instances, one database).
 */

const WALL = '/api/posts?1&n=0&l=12';
let cluster: Cluster;
let lb: string;
let ana: RemoteUser;
let blas: RemoteUser;
const direct = (index: number) => cluster.instances[index]!.baseUrl;
const sockets: TestSocket[] = [];

describe.runIf(Boolean(process.env.DATABASE_URL && process.env.REDIS_URL))(
  'three instances behind HAProxy',
  () => {
    beforeAll(async () => {
      // Real limits (RATE_LIMIT_FACTOR 1): the 26th login from one address must be refused.
      cluster = await startCluster({ RATE_LIMIT_FACTOR: '1', JOBS_LEASE_SECONDS: '5', VIDEO_MAX_MB: '5' });
      lb = cluster.balancer.url;
      ana = await registerActivatedUser(lb, cluster.outboxDir, 'ana');
      blas = await registerActivatedUser(lb, cluster.outboxDir, 'blas');
    }, 120_000);
    afterAll(async () => {
      await Promise.all(sockets.map((socket) => socket.close()));
      await cluster?.close();
    });

    it('sends traffic to every instance (HAProxy statistics)', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => call(lb, 'GET', WALL)));
      expect(answers.every(isOk)).toBe(true);
      const servers = await cluster.balancer.servers();
      report(`[cluster] sessions per instance: ${servers.map((s) => `${s.name} ${s.sessions}`).join(', ')}`);
      expect(servers.map((s) => s.status)).toEqual(['UP', 'UP', 'UP']);
      for (const server of servers) expect(server.sessions).toBeGreaterThanOrEqual(4);
    });

    it('refuses a logged-out token on every instance at once', async () => {
      const session = await logIn(lb, blas.username, blas.password);
      for (const index of [0, 1, 2])
        expect(isOk(await call(direct(index), 'GET', '/api/perfil', session))).toBe(true);
      expect(isOk(await call(lb, 'POST', '/api/logout', session))).toBe(true);
      for (const index of [0, 1, 2])
        expect((await call(direct(index), 'GET', '/api/perfil', session)).status).toBe(401);
    });

    it('shows a like made through the balancer in the mark read from each instance', async () => {
      const posted = await call(lb, 'POST', '/api/post/create', {
        token: ana.token,
        form: postForm(await makePhoto(), 'Amanece en Gredos'),
      });
      expect(isOk(posted)).toBe(true);
      const url = posted.body.data.url as string;
      const markOn = async (index: number) => {
        const wall = await call(direct(index), 'GET', WALL, { token: blas.token });
        return (wall.body.data.data as { url: string; islike: number }[]).find((post) => post.url === url)
          ?.islike;
      };
      for (const index of [0, 1, 2]) expect(await markOn(index)).toBe(0);
      const liked = await call(lb, 'POST', `/api/like/post/${url}`, { token: blas.token });
      expect(liked.body.data.islike).toBe(1);
      for (const index of [0, 1, 2]) expect(await markOn(index)).toBe(1);

      // 6: the photo, stored through one instance, is served by every instance.
      const photo = JSON.stringify(posted.body.data).match(/\/media\/[\w/-]+\.webp/)?.[0];
      expect(photo).toBeDefined();
      for (const index of [0, 1, 2]) {
        const served = await fetch(`${direct(index)}${photo}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect(
          Buffer.from(await served.arrayBuffer())
            .subarray(0, 4)
            .toString(),
        ).toBe('RIFF');
      }
    });

    it('carries chat between sockets held by different instances, both ways', async () => {
      const onFirst = await openSocket(direct(0), ana.token);
      const onSecond = await openSocket(direct(1), blas.token);
      sockets.push(onFirst, onSecond);
      onFirst.send({ t: 'c', ta: 'send', to: blas.username, txt: 'Hola desde app1', cid: 'a1' });
      expect((await onSecond.next<ChatNewFrame>(isNew(ana.username))).msg).toBe('Hola desde app1');
      onSecond.send({ t: 'c', ta: 'send', to: ana.username, txt: 'Hola desde app2', cid: 'b1' });
      expect((await onFirst.next<ChatNewFrame>(isNew(blas.username))).msg).toBe('Hola desde app2');
    });

    it('refuses the 26th login from one client address, whichever instance answers', async () => {
      // A client at a public address as the app sees it behind the balancer (TRUST_PROXY=loopback).
      const from = { 'x-forwarded-for': '203.0.113.26' };
      // Each attempt with another name: only the address's limit is reached, no name's.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 25; attempt++) {
        const wrong = { username: `nadie${attempt}`, password: 'no-es-la-clave' };
        statuses.push((await call(lb, 'POST', '/api/login', { body: wrong, headers: from })).status);
      }
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      for (const index of [0, 1, 2]) {
        const refused = await call(direct(index), 'POST', '/api/login', {
          body: { username: ana.username, password: ana.password },
          headers: from,
        });
        expect(refused.status).toBe(429);
        expect(refused.body.state).toBe('KO');
      }
      // Another address is not held back by it.
      const other = await call(lb, 'POST', '/api/login', {
        body: { username: ana.username, password: ana.password },
        headers: { 'x-forwarded-for': '203.0.113.27' },
      });
      expect(isOk(other), JSON.stringify(other)).toBe(true);
    });

    it('puts a place added through one instance on the map of every instance at once', async () => {
      const place = { kind: 'default', name: 'Área de Candeleda', lat: 40.1527, lng: -5.2406, services: [] };
      const bbox = `${place.lng - 0.01},${place.lat - 0.01},${place.lng + 0.01},${place.lat + 0.01}`;
      // A new place is a draft that registered users see (and may confirm) at once.
      const onMap = async (index: number) => {
        const points = await call(direct(index), 'GET', `/api/map/points?bbox=${bbox}`, {
          token: blas.token,
        });
        return (points.body.data.points as { u: string }[]).some((point) => point.u === 'area-candeleda');
      };
      // Every instance has read (and cached) the empty box first.
      expect(await Promise.all([0, 1, 2].map(onMap))).toEqual([false, false, false]);
      const added = await call(lb, 'POST', '/api/map/location', { token: ana.token, body: place });
      expect(isOk(added)).toBe(true);
      const addedAt = Date.now();
      expect(added.body.data.urlpoint).toBe('area-candeleda');
      await waitUntil(
        'the place on every instance',
        async () => (await Promise.all([0, 1, 2].map(onMap))).every(Boolean),
        10_000,
        20,
      );
      const seenAfterMs = Date.now() - addedAt;
      report(`[cluster] a new place on the map of all three instances after ${seenAfterMs} ms`);
      // The map's caches forget on an event every instance hears, not after their 10 s life.
      expect(seenAfterMs).toBeLessThan(2_000);
    });

    it('processes a video whose chunks landed on different instances after the receiving one was killed', async () => {
      const channel = await call(lb, 'POST', '/api/canales', {
        token: ana.token,
        body: { nombre: 'Ruta por Gredos' },
      });
      expect(isOk(channel)).toBe(true);
      const fixtures = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-clip-'));
      const clip = await fs.readFile(
        await makeTestClip(path.join(fixtures, 'clip.mp4'), { size: '320x240', seconds: 2 }),
      );
      await fs.rm(fixtures, { recursive: true, force: true });
      const tus = (
        base: string,
        method: string,
        url: string,
        headers: Record<string, string>,
        body?: BodyInit,
      ) =>
        fetch(`${base}${url}`, {
          method,
          headers: { 'tus-resumable': '1.0.0', 'api-token': ana.token, ...headers },
          body,
        });
      const created = await tus(lb, 'POST', VIDEO_UPLOAD_PATH, {
        'upload-length': String(clip.length),
        'upload-metadata': `title ${Buffer.from('Subida partida').toString('base64')}`,
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const half = Math.floor(clip.length / 2);
      const chunk = (index: number, from: number, to: number) =>
        tus(
          direct(index),
          'PATCH',
          location,
          {
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(from),
          },
          new Uint8Array(clip.subarray(from, to)),
        );
      expect((await chunk(0, 0, half)).status).toBe(204);
      expect((await chunk(1, half, clip.length)).status).toBe(204);
      // The instance that took the last chunk, and so the job, dies before (or while) its worker runs it.
      await cluster.instances[1]!.kill9();

      const video = async () => {
        const own = await call(lb, 'GET', '/api/canal', { token: ana.token });
        return (own.body.data?.videos as { name: string; state: string }[] | undefined)?.[0];
      };
      await waitUntil(
        'the video processed by another instance',
        async () => (await video())?.state === 'lista',
        60_000,
        250,
      );
      await cluster.restart(1);
      const page = await call(lb, 'GET', `/api/canales/${channel.body.data.url}/${(await video())!.name}`);
      const file = JSON.stringify(page.body.data).match(/\/media\/[\w/-]+\.mp4/)?.[0];
      expect(file).toBeDefined();
      for (const index of [0, 1, 2]) {
        const part = await fetch(`${direct(index)}${file}`, { headers: { range: 'bytes=0-1023' } });
        expect(part.status).toBe(206);
        expect((await part.arrayBuffer()).byteLength).toBe(1024);
      }
    });

    it('stops an instance with SIGTERM under load without a failed request, and its sockets come back elsewhere', async () => {
      await cluster.balancerSees('app2', 'UP');
      const held = await openSocket(direct(2), ana.token);
      const friend = await openSocket(direct(0), blas.token);
      sockets.push(held, friend);
      let loading = true;
      const failures: string[] = [];
      let served = 0;
      const loader = async (n: number) => {
        while (loading) {
          const answer =
            n % 4 === 0 ? await call(lb, 'GET', WALL) : await call(lb, 'GET', WALL, { token: blas.token });
          served++;
          if (!isOk(answer)) failures.push(`${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`);
        }
      };
      const loaders = Array.from({ length: 6 }, (_, n) => loader(n));
      await delay(500);
      const stopping = cluster.instances[2]!.stop();
      await cluster.balancerSees('app3', 'DOWN');
      const closed = await held.closed;
      await stopping;
      await delay(500);
      loading = false;
      await Promise.all(loaders);
      report(
        `[cluster] SIGTERM under load: ${served} requests through the balancer, ${failures.length} failed`,
      );
      expect(failures).toEqual([]);
      expect(closed.code).toBe(1001);

      // The client comes back through the balancer, to an instance that is up.
      const back = await openSocket(lb, ana.token);
      sockets.push(back);
      back.send({ t: 'c', ta: 'send', to: blas.username, txt: 'De vuelta', cid: 'r1' });
      expect((await friend.next<ChatNewFrame>(isNew(ana.username))).msg).toBe('De vuelta');
      await cluster.restart(2);
      await cluster.balancerSees('app3', 'UP');
    });

    it('keeps an open tab working through a rolling restart onto another web build', async () => {
      const build = await secondBuild();
      const tab: TabWatch = await openTab(lb);
      try {
        // Halfway: one instance on the new build, two on the old one. Each serves the other build's chunks.
        await cluster.restart(0, { WEB_DIST_DIR: build.dir });
        await cluster.balancerSees('app1', 'UP');
        for (const [index, name] of [
          [0, build.oldChunk],
          [1, build.newChunk],
        ] as const) {
          const chunk = await fetch(`${direct(index)}/assets/${name}`);
          expect(chunk.status, `${name} on app${index + 1}`).toBe(200);
          expect(chunk.headers.get('content-type')).toMatch(/javascript/);
        }
        // The other two together (app1 serves meanwhile): the run is shorter, the tab's case the same.
        await Promise.all(
          [1, 2].map(async (index) => {
            await cluster.restart(index, { WEB_DIST_DIR: build.dir });
            await cluster.balancerSees(`app${index + 1}`, 'UP');
          }),
        );
        // No instance has the old build on disk now: the tab's screens still load.
        await tab.visitScreens();
        report(`[cluster] rolling restart: the open tab loaded ${tab.chunksLoaded()} chunks afterwards`);
        expect(tab.chunksLoaded()).toBeGreaterThan(0);
        expect(tab.failures()).toEqual([]);
      } finally {
        await tab.close();
        await build.remove();
      }
    });
  },
);
