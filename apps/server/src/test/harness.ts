import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../config.js';
import { inject } from 'vitest';
import { createServer, type RunningServer } from '../server.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { RECOVERY_JOB } from '../modules/accounts/accounts.service.js';
import { createScratchDatabase } from './database.js';
import { takeMigratedPglite } from './pglite-pool.js';
import { findMailLink } from './outbox.js';
import { testClock } from '../lib/clock.js';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string | undefined;
  headers?: Record<string, string>;
  form?: FormData;
}

export const DEFAULT_PASSWORD = 'camino-de-santiago';
let defaultPasswordHash: Promise<string> | undefined;

/**
 * A real server on a real database for one test file: PGlite in memory, or a scratch database on
 * DATABASE_URL when the project runs with TEST_DB=pg (a copy of the migrated one of pg-template.setup.ts).
 * Requests go over real HTTP.
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-test-'));
  const scratch =
    process.env.TEST_DB === 'pg' && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, inject('pgTemplate'))
      : undefined;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_FACTOR: '1000',
    PUBLIC_URL: 'http://nomadas.test',
    // On PostgreSQL the suite runs as production does: with Redis too, under a prefix of its own.
    ...(scratch ? { DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '5' } : {}),
    ...(scratch && process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `test:${crypto.randomBytes(6).toString('hex')}:` }
      : {}),
    ...env,
  });
  const clock = testClock();
  const server: RunningServer = await createServer(config, {
    clock,
    ...(scratch ? {} : { openDb: () => takeMigratedPglite(migratedSnapshot) }),
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const db = server.db;

  async function request<T = any>(
    method: string,
    urlPath: string,
    options: RequestOptions = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['api-token'] = options.token;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (HTML, media): keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** Recovery mails are written by a job after the answer (accounts.service.ts): waits for the due ones. */
  async function accountJobsDone() {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const due = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', RECOVERY_JOB)
        .where('state', '=', 'pending')
        .where('run_at', '<=', new Date())
        .executeTakeFirst();
      if (!due) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('recovery jobs still due after 10 s');
  }

  let userCount = 0;
  /** An activated user with the default password, inserted directly. */
  async function createUser(overrides: { username?: string; email?: string; activated?: boolean } = {}) {
    userCount++;
    const username = overrides.username ?? `viajera_${crypto.randomBytes(3).toString('hex')}${userCount}`;
    const email = overrides.email ?? `${username}@example.com`;
    defaultPasswordHash ??= hashPassword(DEFAULT_PASSWORD);
    const row = await db
      .insertInto('users')
      .values({
        username,
        email,
        password_hash: await defaultPasswordHash,
        activated_at: overrides.activated === false ? null : new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, username, email, password: DEFAULT_PASSWORD };
  }

  /** A logged-in user: its token comes from the real login call. */
  async function createSession(overrides: { username?: string } = {}) {
    const user = await createUser(overrides);
    const login = await request('POST', '/api/login', {
      body: { username: user.username, password: user.password },
    });
    if (login.body.state !== 'OK' || !login.body.token)
      throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    return { ...user, token: login.body.token as string };
  }

  return {
    baseUrl,
    /** The Fastify instance, for tests that inspect it (its routes, say). */
    app: server.app,
    config,
    db,
    request,
    get: <T = any>(urlPath: string, options?: RequestOptions) => request<T>('GET', urlPath, options),
    post: <T = any>(urlPath: string, options?: RequestOptions) => request<T>('POST', urlPath, options),
    createUser,
    createSession,
    /** The app's services, for tests that watch what a request did beyond its answer. */
    ctx: server.ctx,
    /** The app's clock (lib/clock.ts): `advance(ms)` ages place reports and the map's boxes without a sleep. */
    clock,
    /**
     * Resolves once this instance has heard back every event announced before the call. An announced
     * event runs this instance's handlers at once and again when its echo comes back through the pub/sub
     * (Redis, on api-postgres): a test that counts what a cache holds waits for those echoes first, or one
     * may land during its next read. The pub/sub keeps order, so a marker's echo comes after theirs.
     */
    async eventsHeard() {
      const marker = `echo-${crypto.randomUUID()}`;
      let heard!: () => void;
      const arrived = new Promise<void>((resolve) => (heard = resolve));
      const stop = await server.ctx.realtime.events.subscribe('post:reacted', ({ postId }) => {
        if (postId === marker) heard();
      });
      try {
        await server.ctx.realtime.events.publish('post:reacted', {
          postId: marker,
          by: marker,
          what: 'liked',
        });
        await arrived;
      } finally {
        stop();
      }
    },
    /** The link in the newest mail to `to`, once the outbox has delivered what is due. */
    async mailLink(to: string, pathPrefix: string) {
      await accountJobsDone();
      await server.ctx.outbox.flush();
      return findMailLink(config.mailOutboxDir, to, pathPrefix);
    },
    /** What SIGTERM starts (server.ts): ready turns 503, requests go on for SHUTDOWN_DRAIN_MS, then it closes. */
    shutdown: () => server.shutdown(),
    async close() {
      await server.close();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The project's migrated PGlite (pglite-snapshot.setup.ts). */
async function migratedSnapshot(): Promise<Blob> {
  return new Blob([await fs.readFile(inject('pgliteSnapshot'))]);
}
