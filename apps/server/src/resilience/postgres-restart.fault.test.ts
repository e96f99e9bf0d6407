import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@nomadas/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { delay, report, startApp, waitUntil } from '../test/app-process.js';
import { startOwnPostgres } from '../test/own-services.js';
import { makePhoto } from '../test/posts-factory.js';
import { call, isOk, postForm, registerActivatedUser, type RemoteAnswer } from '../test/remote-client.js';

/*
 * PostgreSQL restarted under load: while it is away every answer is either served or a clean 503 envelope
 * (no 500, no hang, no dropped connection), and the app recovers by itself once it is back. The server is
 * a cluster of this test's own on a spare port; the shared one is never touched.
 */

interface Sample {
  at: number;
  route: string;
  answer: RemoteAnswer;
}

const WORKERS = 4;
/** No request may wait longer than this, outage or not (the driver's connect timeout is 5 s). */
const MAX_ANSWER_MS = 7_000;

describe('PostgreSQL restarted under load', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('answers 503 while it is down and recovers within 10 s of it coming back', async () => {
    const pg = await startOwnPostgres();
    cleanups.push(() => pg.destroy());
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-pgdown-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const app = await startApp({
      DATABASE_URL: pg.url,
      DATABASE_POOL_SIZE: '8',
      DATA_DIR: dataDir,
      INSTANCES: '1',
    });
    cleanups.push(() => app.stop());

    const user = await registerActivatedUser(app.baseUrl, path.join(dataDir, 'outbox'));
    const created = await call(app.baseUrl, 'POST', '/api/post/create', {
      token: user.token,
      form: postForm(await makePhoto(), 'Área de Somiedo #asturias'),
    });
    expect(isOk(created), JSON.stringify(created.body)).toBe(true);
    const url = created.body.data.url as string;

    const routes: [string, () => Promise<RemoteAnswer>][] = [
      ['wall', () => call(app.baseUrl, 'GET', '/api/posts?n=0&l=12', { token: user.token })],
      ['post', () => call(app.baseUrl, 'GET', `/api/post/${url}`, { token: user.token })],
      ['like', () => call(app.baseUrl, 'POST', `/api/like/post/${url}`, { token: user.token })],
      ['visit', () => call(app.baseUrl, 'POST', '/api/trc/path', { body: { p: '/muro', br: 'test' } })],
      ['health', () => call(app.baseUrl, 'GET', '/api/health')],
    ];
    const samples: Sample[] = [];
    let running = true;
    let turn = 0;
    const worker = async () => {
      while (running) {
        const [route, send] = routes[turn++ % routes.length]!;
        const answer = await send();
        samples.push({ at: Date.now(), route, answer });
        if (answer.status === 503) await delay(20);
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);
    try {
      // Traffic under way before the stop, however slow the machine is today.
      await waitUntil('20 answers before the stop', async () => samples.length >= 20, 30_000, 50);
      const stoppedAt = Date.now();
      await pg.stop();
      await delay(4_000);
      const startedAt = Date.now();
      await pg.start();
      const readyAt = Date.now();
      await delay(12_000);
      running = false;
      await Promise.all(workers);

      expect(app.child.exitCode ?? app.child.signalCode, `the app died:\n${app.output()}`).toBe(null);
      const before = samples.filter((sample) => sample.at < stoppedAt);
      expect(before.length).toBeGreaterThan(10);
      expect(before.filter((sample) => !isOk(sample.answer))).toEqual([]);

      // Whatever happens, every answer is an answer: served, or the 503 envelope in Spanish.
      const unclean = samples.filter(
        ({ answer }) =>
          !isOk(answer) &&
          !(
            answer.status === 503 &&
            answer.body?.state === 'KO' &&
            answer.body?.msg === MSG.serviceUnavailable
          ),
      );
      const failedLog = app
        .output()
        .split('\n')
        .filter((line) => line.includes('request failed'));
      expect(
        unclean.map(
          ({ at, route, answer }) =>
            `${route}: ${answer.status} ${answer.error ?? ''} sent ${Math.round(at - answer.ms - stoppedAt)} ms after the stop`,
        ),
        failedLog.join('\n'),
      ).toEqual([]);
      const slowest = Math.max(...samples.map((sample) => sample.answer.ms));
      expect(slowest).toBeLessThan(MAX_ANSWER_MS);

      const during = samples.filter((sample) => sample.at > stoppedAt + 500 && sample.at < startedAt);
      expect(during.filter((sample) => sample.answer.status === 503).length).toBeGreaterThan(0);

      // Recovered: from some moment on, every route answers OK; that moment is at most 10 s after the restart.
      const lastFailure = Math.max(readyAt, ...samples.filter((s) => !isOk(s.answer)).map((s) => s.at));
      const recoveryMs = lastFailure - readyAt;
      const after = samples.filter((sample) => sample.at > lastFailure);
      for (const [route] of routes) expect(after.some((sample) => sample.route === route)).toBe(true);
      report(
        `[faults] PostgreSQL restart: ${samples.length} requests, ${before.length} before the stop (all OK), ` +
          `${during.length} while down (${during.filter((s) => s.answer.status === 503).length} × 503, ` +
          `${during.filter((s) => isOk(s.answer)).length} served), slowest answer ${Math.round(slowest)} ms, ` +
          `pg_ctl start took ${readyAt - startedAt} ms, all routes OK ${recoveryMs} ms after PostgreSQL was ready`,
      );
      expect(recoveryMs).toBeLessThanOrEqual(10_000);
    } finally {
      running = false;
      await Promise.all(workers);
    }
  });
});
