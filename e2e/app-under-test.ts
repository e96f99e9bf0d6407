import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { startApp, type AppProcess } from '../apps/server/src/test/app-process';

/** An app under test: its address, and where its mails land. */
export interface AppTarget {
  baseUrl: string;
  outboxDir: string;
}

let own: AppTarget | undefined;

/** The app this file's tests talk to: the suite's shared one (global-setup.ts), or the file's own (ownAppForFile). */
export const appUnderTest = (): AppTarget =>
  own ?? { baseUrl: inject('baseUrl'), outboxDir: inject('outboxDir') };

/**
 * Runs this file on an app of its own, with an empty database. For files that read the wall's newest posts: on
 * the shared app another file's new post, made at the same moment, would push theirs down. Each file has its own
 * module state, so the choice holds for this file alone.
 */
export function ownAppForFile() {
  let app: AppProcess | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-own-'));
    // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR.
    await fs.chmod(dataDir, 0o755);
    app = await startApp({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100' });
    own = { baseUrl: app.baseUrl, outboxDir: path.join(dataDir, 'outbox') };
  });
  afterAll(async () => {
    own = undefined;
    await app?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
}
