import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { delay, report, startApp, waitUntil, type AppProcess } from '../test/app-process.js';

/*
 * SIGTERM as a balancer sees it (issue #30, HAProxy item 9): ready turns 503 at once while requests are still
 * served for SHUTDOWN_DRAIN_MS, a request under way when the app closes is finished, and the process exits
 * before SHUTDOWN_DEADLINE_MS; one that cannot finish is cut at the deadline. Also: the balancer's request id
 * is on the request's log lines.
 */

const DRAIN_MS = 2_000;
const DEADLINE_MS = 12_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function start(env: Record<string, string>): Promise<AppProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-drain-'));
  // Reachable by the postgres account, so this runs on the default embedded PostgreSQL.
  await fs.chmod(dataDir, 0o755);
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const app = await startApp({ DATA_DIR: dataDir, ...env });
  cleanups.push(() => app.kill9());
  return app;
}

const exited = (app: AppProcess) =>
  app.child.exitCode !== null || app.child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => app.child.once('exit', () => resolve()));

/** A POST /api/contacto whose body is sent in two halves: it is in flight until `finish` sends the rest. */
function slowRequest(baseUrl: string) {
  const body = JSON.stringify({
    name: 'Ana',
    email: 'ana@example.com',
    subject: 'Hola',
    message: 'x'.repeat(200),
  });
  const half = Math.floor(body.length / 2);
  const request = http.request(`${baseUrl}/api/contacto`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

describe('SIGTERM on a built app', () => {
  it('turns ready to 503 first, serves a trickle through the drain, finishes a request in flight, exits in time', async () => {
    const app = await start({
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
      LOG_LEVEL: 'info',
    });
    const requestId = `drain-test-${process.pid}`;
    await fetch(`${app.baseUrl}/api/health/live`, { headers: { 'x-request-id': requestId } });
    await waitUntil(
      'the request id in the log',
      async () => app.output().includes(`"reqId":"${requestId}"`),
      5_000,
    );
    expect((await fetch(`${app.baseUrl}/api/health/ready`)).status).toBe(200);

    const inFlight = slowRequest(app.baseUrl);
    await delay(100);
    const signalled = Date.now();
    const gone = exited(app);
    app.child.kill('SIGTERM');

    // What a balancer does: checks readiness, and keeps sending until it has seen 503.
    let notReadyAfterMs: number | undefined;
    const statuses: number[] = [];
    while (Date.now() - signalled < DRAIN_MS - 300) {
      const [ready, wall] = await Promise.all([
        fetch(`${app.baseUrl}/api/health/ready`),
        fetch(`${app.baseUrl}/api/posts?1&n=0&l=12`),
      ]);
      if (ready.status === 503) notReadyAfterMs ??= Date.now() - signalled;
      statuses.push(wall.status);
      await Promise.all([ready.arrayBuffer(), wall.arrayBuffer()]);
      await delay(50);
    }
    // The app is closing now: the request under way is still answered in full.
    await delay(DRAIN_MS);
    inFlight.finish();
    const answer = await inFlight.answer;
    await gone;
    const exitMs = Date.now() - signalled;
    report(
      `[faults] SIGTERM: ready 503 after ${notReadyAfterMs} ms, ${statuses.length} wall requests in the drain, ` +
        `exit after ${exitMs} ms (drain ${DRAIN_MS} ms, deadline ${DEADLINE_MS} ms)`,
    );
    expect(notReadyAfterMs).toBeDefined();
    expect(notReadyAfterMs!).toBeLessThan(500);
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(answer.status, answer.text).toBeLessThan(500);
    expect(JSON.parse(answer.text)).toHaveProperty('state');
    expect(app.child.exitCode, app.output()).toBe(0);
    expect(exitMs).toBeLessThan(DEADLINE_MS);
  });

  it('exits at the deadline when a request never finishes, and says so', async () => {
    const app = await start({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_DEADLINE_MS: '3000' });
    const stuck = slowRequest(app.baseUrl);
    await delay(100);
    const signalled = Date.now();
    const gone = exited(app);
    app.child.kill('SIGTERM');
    await gone;
    const exitMs = Date.now() - signalled;
    report(`[faults] SIGTERM with a request that never ends: exit after ${exitMs} ms (deadline 3000 ms)`);
    await expect(stuck.answer).rejects.toThrow();
    expect(app.output()).toContain('shutdown deadline passed');
    expect(app.child.exitCode).toBe(1);
    expect(exitMs).toBeGreaterThanOrEqual(2_900);
    expect(exitMs).toBeLessThan(6_000);
  });
});
