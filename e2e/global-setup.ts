import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApp } from '../apps/server/src/test/app-process';
import { findMailLink } from '../apps/server/src/test/outbox';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    mediaDir: string;
  }
}

/** moderation.e2e.test.ts's moderator: MODERATORS gives the role at start to the account holding the name then. */
export const E2E_MODERATOR = { username: 'moderacion_e2e', password: 'revisar-con-calma' } as const;

/** Registers and activates the moderator's account through the API and its mailed link. */
async function registerModerator(baseUrl: string, outboxDir: string) {
  const { username, password } = E2E_MODERATOR;
  const email = `${username}@example.com`;
  await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password, password_confirmation: password }),
  });
  const deadline = Date.now() + 15_000;
  let link: string | undefined;
  while (!(link = await findMailLink(outboxDir, email, '/verificar/'))) {
    if (Date.now() > deadline) throw new Error('global setup: no activation mail for the moderator');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const activated = await fetch(`${baseUrl}/api/verificar/${link.split('/').pop()}`, { method: 'POST' });
  if (!activated.ok) throw new Error(`global setup: activation answered ${activated.status}`);
}

/** Runs the built product (as `npm start` would) on a free port with an empty embedded database (the default one). */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-'));
  // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR.
  await fs.chmod(dataDir, 0o755);
  // moderation.e2e.test.ts: a post hidden by four new accounts' reports (0.25 each).
  const env = { DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100', REPORTS_TO_HIDE: '1' };
  // A first start makes the moderator's account; the second gives it the role, as an operator would.
  const first = await startApp(env);
  try {
    await registerModerator(first.baseUrl, path.join(dataDir, 'outbox'));
  } finally {
    await first.stop();
  }
  const app = await startApp({ ...env, MODERATORS: E2E_MODERATOR.username });
  const { baseUrl } = app;
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', path.join(dataDir, 'outbox'));
  project.provide('mediaDir', path.join(dataDir, 'media'));

  return async () => {
    await app.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
