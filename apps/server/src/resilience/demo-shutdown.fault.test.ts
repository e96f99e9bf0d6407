import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp, waitUntil, report, type AppProcess } from '../test/app-process.js';

/*
 * A first run is filling the demo (a minute or two) when the operator stops it: SIGTERM ends the process within
 * seconds instead of when the demo is done, and nothing half-made is left, so the next start fills it again.
 */

/** What the app may take from SIGTERM to its exit: the current step of the fill, then the usual shutdown. */
const STOP_WITHIN_MS = 10_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const startDemo = async (dataDir: string): Promise<AppProcess> => {
  const app = await startApp({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'info' });
  cleanups.push(() => app.kill9());
  return app;
};

describe('SIGTERM while the first run fills the demo', () => {
  it('exits within seconds and the next start fills the demo again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-demo-stop-'));
    // Reachable by the postgres account, so this runs on the default embedded PostgreSQL.
    await fs.chmod(dataDir, 0o755);
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));

    const first = await startDemo(dataDir);
    // The demo login and moderator are in: the fill is under way, with its photos next.
    await waitUntil(
      'the demo fill to start',
      async () => first.output().includes('demo seed: the demo moderator'),
      60_000,
    );
    const stopped = Date.now();
    await first.stop();
    const stopMs = Date.now() - stopped;
    report(`[faults] SIGTERM during the demo fill: the process exited after ${stopMs} ms`);
    expect(first.output()).toContain('demo seed: stopped by the shutdown');
    expect(first.child.exitCode, first.output()).toBe(0);
    expect(stopMs).toBeLessThan(STOP_WITHIN_MS);

    // What the stopped fill wrote is gone: the next start finds no community and fills it from the beginning.
    const second = await startDemo(dataDir);
    await waitUntil(
      'the second fill to start',
      async () => second.output().includes('demo seed: the demo moderator'),
      60_000,
    );
    expect(second.output()).not.toContain('demo seed: not needed');
    await second.stop();
  });
});
