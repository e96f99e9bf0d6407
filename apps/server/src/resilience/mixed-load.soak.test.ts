import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { delay, startApp, type AppProcess, report } from '../test/app-process.js';
import { makePhoto } from '../test/posts-factory.js';
import {
  call,
  isOk,
  postForm,
  registerActivatedUser,
  type RemoteAnswer,
  type RemoteUser,
} from '../test/remote-client.js';

/*
 * A bounded soak: one app process (the embedded default, as `npm start` runs it) under a steady mix of
 * what the web app sends, for SOAK_SECONDS (default 120). Zero errors, and memory flat: the RSS at the
 * end within 15 % of the RSS after the warm-up (medians over a window each).
 */

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
/**
 * Requests started per second, whatever the answers' latency (an open loop, capped in flight). 50, not 100:
 * at 100 the app took a whole core from the files running beside it, and on a loaded machine it answered
 * about 70 a second anyway, holding back a third at the in-flight cap. A minute instead of two at 100 left the
 * memory check inside its warm-up (+16 %).
 */
const RATE = Number(process.env.SOAK_RATE ?? 50);
/** Beyond this many unanswered requests the generator holds back (counted), instead of piling up timeouts. */
const MAX_IN_FLIGHT = 64;
const WARMUP_SECONDS = Math.max(5, Math.round(SECONDS / 6));

interface Traffic {
  app: AppProcess;
  users: RemoteUser[];
  posts: string[];
  photos: Buffer[];
}

/** One request of the mix, by weight: mostly wall reads, as a real audience sends. */
const MIX: [weight: number, name: string, send: (t: Traffic, n: number) => Promise<RemoteAnswer>][] = [
  [30, 'wall (visitor)', (t) => call(t.app.baseUrl, 'GET', '/api/posts?n=0&l=5')],
  [
    20,
    'wall (logged in)',
    (t, n) =>
      call(t.app.baseUrl, 'GET', `/api/posts?n=${(n % 4) * 12}&l=12`, { token: pick(t.users, n).token }),
  ],
  [
    12,
    'post',
    (t, n) =>
      call(t.app.baseUrl, 'GET', `/api/post/${pick(t.posts, n)}`, { token: pick(t.users, n + 1).token }),
  ],
  [6, 'comments', (t, n) => call(t.app.baseUrl, 'GET', `/api/comment/get/${pick(t.posts, n)}`)],
  [
    8,
    'like',
    (t, n) =>
      call(t.app.baseUrl, 'POST', `/api/like/post/${pick(t.posts, n)}`, { token: pick(t.users, n).token }),
  ],
  [
    4,
    'comment',
    (t, n) =>
      call(t.app.baseUrl, 'POST', `/api/comment/create/${pick(t.posts, n)}`, {
        token: pick(t.users, n).token,
        body: { c: `Buena ruta ${n}`, p: 0 },
      }),
  ],
  [
    1,
    'upload',
    async (t, n) => {
      const answer = await call(t.app.baseUrl, 'POST', '/api/post/create', {
        token: pick(t.users, n).token,
        form: postForm(pick(t.photos, n), `Parada ${n} #soak`),
      });
      if (isOk(answer)) t.posts.push(answer.body.data.url);
      return answer;
    },
  ],
  [
    15,
    'route visit',
    (t, n) => call(t.app.baseUrl, 'POST', '/api/trc/path', { body: { p: `/muro?${n % 50}`, br: 'soak' } }),
  ],
  [4, 'page', (t, n) => call(t.app.baseUrl, 'GET', n % 2 ? '/muro' : '/')],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [weight]) => sum + weight, 0);

function pick<T>(list: T[], n: number): T {
  return list[n % list.length]!;
}

function kindOf(n: number) {
  let slot = (n * 7919) % TOTAL_WEIGHT;
  for (const entry of MIX) {
    if (slot < entry[0]) return entry;
    slot -= entry[0];
  }
  return MIX[0]!;
}

describe('soak: mixed load on one app process', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it(
    `serves ${SECONDS} s of mixed traffic at ${RATE} req/s with no error and flat memory`,
    { timeout: (SECONDS + 120) * 1000 },
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-soak-'));
      // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR; asked for by
      // name, so that it cannot quietly fall back to PGlite (whose memory is the app's and never shrinks).
      await fs.chmod(dataDir, 0o755);
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const app = await startApp({ DATA_DIR: dataDir, EMBEDDED_DATABASE: 'postgres' });
      cleanups.push(() => app.stop());

      const outbox = path.join(dataDir, 'outbox');
      const users = await Promise.all(
        Array.from({ length: 5 }, () => registerActivatedUser(app.baseUrl, outbox, 'soak')),
      );
      const photos = await Promise.all(
        Array.from({ length: 16 }, () => makePhoto({ width: 640, height: 480 })),
      );
      const traffic: Traffic = { app, users, posts: [], photos };
      for (let i = 0; i < 12; i++) {
        const answer = await MIX.find(([, name]) => name === 'upload')![2](traffic, i);
        expect(isOk(answer), JSON.stringify(answer.body)).toBe(true);
      }

      const errors: string[] = [];
      const counts = new Map<string, number>();
      const latencies: number[] = [];
      const rss: { at: number; bytes: number }[] = [];
      let inFlight = 0;
      let skipped = 0;
      const pending = new Set<Promise<void>>();
      const started = Date.now();
      const endAt = started + SECONDS * 1000;
      const sampler = setInterval(() => {
        void app.rss().then(
          (bytes) => rss.push({ at: Date.now() - started, bytes }),
          () => undefined,
        );
      }, 1000);
      cleanups.push(async () => clearInterval(sampler));

      for (let n = 0; Date.now() < endAt; n++) {
        // Open loop: request n leaves at its own time, however slow the previous answers were.
        const due = started + (n * 1000) / RATE;
        if (due > Date.now()) await delay(due - Date.now());
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped++;
          continue;
        }
        const [, name, send] = kindOf(n);
        inFlight++;
        const request = send(traffic, n).then((answer) => {
          inFlight--;
          latencies.push(answer.ms);
          counts.set(name, (counts.get(name) ?? 0) + 1);
          const fine = name === 'page' ? answer.status === 200 : isOk(answer);
          if (!fine && errors.length < 20)
            errors.push(
              `${name}: ${answer.status} ${answer.error ?? JSON.stringify(answer.body).slice(0, 200)}`,
            );
          else if (!fine) errors.push('');
        });
        pending.add(request);
        void request.finally(() => pending.delete(request));
      }
      await Promise.all(pending);
      clearInterval(sampler);
      const finalRss = await app.rss();

      // Medians over a window, so one garbage-collection swing does not decide: just after the warm-up,
      // and the last tenth of the run.
      const windowMs = Math.max(5_000, (SECONDS * 1000) / 10);
      const medianRss = (from: number, to: number) => {
        const inWindow = rss.filter((sample) => sample.at >= from && sample.at < to).map((s) => s.bytes);
        inWindow.sort((a, b) => a - b);
        return inWindow[Math.floor(inWindow.length / 2)] ?? finalRss;
      };
      const warm = { bytes: medianRss(WARMUP_SECONDS * 1000, WARMUP_SECONDS * 1000 + windowMs) };
      const end = medianRss(SECONDS * 1000 - windowMs, Infinity);
      const peak = Math.max(...rss.map((sample) => sample.bytes));
      const sent = [...counts.values()].reduce((a, b) => a + b, 0);
      latencies.sort((a, b) => a - b);
      const p = (q: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      report(
        `[soak] ${SECONDS} s at ${RATE} req/s target: ${sent} requests (${(sent / SECONDS).toFixed(0)}/s, ` +
          `${skipped} not sent at the in-flight cap), ${errors.length} errors, p50 ${p(0.5)} ms p99 ${p(0.99)} ms; ` +
          `${[...counts].map(([name, count]) => `${name} ${count}`).join(', ')}; ` +
          `RSS (median of ${windowMs / 1000} s) after the ${WARMUP_SECONDS} s warm-up ${mb(warm.bytes)}, ` +
          `at the end ${mb(end)} (${(((end - warm.bytes) / warm.bytes) * 100).toFixed(1)} %), ` +
          `peak ${mb(peak)}, last ${mb(finalRss)}; posts now ${traffic.posts.length}`,
      );
      const failedLog = app
        .output()
        .split('\n')
        .filter((line) => line.includes('request failed'));
      expect(errors.filter(Boolean), failedLog.join('\n')).toEqual([]);
      // The machine is shared with the rest of the suite: the rate may fall short, but the load must be real.
      expect(sent / SECONDS).toBeGreaterThan(RATE / 4);
      expect(end).toBeLessThanOrEqual(warm.bytes * 1.15);
    },
  );
});
