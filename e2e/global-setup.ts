import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApp } from '../apps/server/src/test/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    mediaDir: string;
  }
}

/** Runs the built product (as `npm start` would) on a free port with an empty embedded database (the default one). */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-'));
  // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR.
  await fs.chmod(dataDir, 0o755);
  const app = await startApp({
    DATA_DIR: dataDir,
    RATE_LIMIT_FACTOR: '100',
    // moderation.e2e.test.ts: its moderator by name, and a post hidden by four new accounts' reports (0.25 each).
    MODERATORS: 'moderacion_e2e',
    REPORTS_TO_HIDE: '1',
  });
  const { baseUrl } = app;
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', path.join(dataDir, 'outbox'));
  project.provide('mediaDir', path.join(dataDir, 'media'));

  return async () => {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
