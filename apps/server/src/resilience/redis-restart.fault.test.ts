import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/database.js';
import { delay, startApp, waitUntil, type AppProcess, report } from '../test/app-process.js';
import { startOwnRedis } from '../test/own-services.js';
import { makePhoto } from '../test/posts-factory.js';
import { call, isOk, logIn, postForm, registerActivatedUser } from '../test/remote-client.js';

/*
 * Redis stopped and started under two instances: they keep serving, rate limits fall back to each
 * instance's own counters, and pub/sub (session revocation between instances) resumes by itself.
 * Two instances need one database, so this runs where PostgreSQL is (CI); the Redis is this test's own.
 */

/** POST /api/recovery for one address: 5 per 30 min per e-mail (DESIGN.md §6), answered the same for any address. */
async function recoveryAnswers(app: AppProcess, email: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push((await call(app.baseUrl, 'POST', '/api/recovery', { body: { email } })).status);
  }
  return statuses;
}

const OUTAGE_MS = 4_000;

const probeEmail = () => `sonda_${crypto.randomBytes(4).toString('hex')}@example.com`;

describe('Redis stopped and started under two instances', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('keeps serving, limits per instance meanwhile, and revokes sessions across instances again after', async () => {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.destroy());
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const dataDirs = await Promise.all(
      [0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-redis-'))),
    );
    cleanups.push(() => Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));
    const env = (dataDir: string) => ({
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `fault:${crypto.randomBytes(4).toString('hex')}:`,
      DATA_DIR: dataDir,
      // The real limits: the fallback counters are what is being checked.
      RATE_LIMIT_FACTOR: '1',
    });
    const sharedEnv = env(dataDirs[0]!);
    const one = await startApp(sharedEnv);
    cleanups.push(() => one.stop());
    const two = await startApp({ ...sharedEnv, DATA_DIR: dataDirs[1]! });
    cleanups.push(() => two.stop());

    const user = await registerActivatedUser(one.baseUrl, path.join(dataDirs[0]!, 'outbox'));
    const created = await call(one.baseUrl, 'POST', '/api/post/create', {
      token: user.token,
      form: postForm(await makePhoto(), 'Noche en Bardenas'),
    });
    expect(isOk(created), JSON.stringify(created.body)).toBe(true);
    const postUrl = created.body.data.url as string;

    /** A call that needs a session (a like toggle): 401 once the instance knows the token is revoked. */
    const sessionCall = (app: AppProcess, token: string) =>
      call(app.baseUrl, 'POST', `/api/like/post/${postUrl}`, { token });

    /** A session cached by instance two, then ended on instance one: does two hear of it in time? */
    const revocationReachesTwo = async (withinMs: number) => {
      const { token } = await logIn(one.baseUrl, user.username, user.password);
      expect((await call(two.baseUrl, 'GET', '/api/posts?n=0&l=3', { token })).status).toBe(200);
      expect(isOk(await call(one.baseUrl, 'POST', '/api/logout', { token }))).toBe(true);
      return waitUntil(
        'instance two to refuse the revoked session',
        async () => (await sessionCall(two, token)).status === 401,
        withinMs,
        25,
      ).then(
        () => true,
        () => false,
      );
    };
    // Redis up: counters shared between instances, revocations heard at once.
    expect(await revocationReachesTwo(1_000)).toBe(true);

    const endedDuringOutage = await logIn(one.baseUrl, user.username, user.password);
    expect(
      (await call(two.baseUrl, 'GET', '/api/posts?n=0&l=3', { token: endedDuringOutage.token })).status,
    ).toBe(200);

    await redis.stop();
    const downAt = Date.now();
    await delay(200);
    const duringOutage = [];
    for (const app of [one, two]) {
      duringOutage.push(
        await call(app.baseUrl, 'GET', '/api/posts?n=0&l=12', { token: user.token }),
        await call(app.baseUrl, 'GET', `/api/post/${postUrl}`),
        await call(app.baseUrl, 'POST', `/api/like/post/${postUrl}`, { token: user.token }),
        await call(app.baseUrl, 'POST', '/api/trc/path', { body: { p: '/muro', br: 'test' } }),
        await call(app.baseUrl, 'GET', '/api/health'),
      );
    }
    expect(duringOutage.filter((answer) => !isOk(answer)).map((a) => `${a.status} ${a.error ?? ''}`)).toEqual(
      [],
    );
    const slowest = Math.max(...duringOutage.map((answer) => answer.ms));
    expect(slowest).toBeLessThan(1_000);

    // Each instance counts on its own: five recovery mails per address on each, the sixth refused.
    const email = probeEmail();
    const onOne = await recoveryAnswers(one, email, 6);
    const onTwo = await recoveryAnswers(two, email, 6);
    expect(onOne).toEqual([200, 200, 200, 200, 200, 429]);
    expect(onTwo).toEqual([200, 200, 200, 200, 200, 429]);

    // A logout while Redis is away still ends the session on the instance that did it.
    expect(isOk(await call(one.baseUrl, 'POST', '/api/logout', { token: endedDuringOutage.token }))).toBe(
      true,
    );
    expect((await sessionCall(one, endedDuringOutage.token)).status).toBe(401);
    // Long enough for the clients' reconnect backoff to grow, as in a real restart.
    await delay(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
    const outageMs = Date.now() - downAt;

    await redis.start();
    const upAt = Date.now();
    // Instance two could not hear that logout; once it hears Redis again it trusts nothing it cached.
    await waitUntil(
      'instance two to refuse the session ended while Redis was down',
      async () => (await sessionCall(two, endedDuringOutage.token)).status === 401,
      10_000,
      100,
    );
    const staleCacheGoneMs = Date.now() - upAt;
    // Both subscribers are back (that refusal proves two's); now a fresh revocation must travel over Redis.
    let resumedMs = -1;
    for (let attempt = 0; attempt < 5 && resumedMs < 0; attempt++) {
      if (await revocationReachesTwo(1_000)) resumedMs = Date.now() - upAt;
      else await delay(1_000);
    }
    expect(resumedMs, 'pub/sub revocation heard again after the restart').toBeGreaterThanOrEqual(0);
    expect(resumedMs).toBeLessThanOrEqual(10_000);

    // Shared counters again: three on one and three on two reach the same limit of five.
    const sharedEmail = probeEmail();
    const shared = [
      ...(await recoveryAnswers(one, sharedEmail, 3)),
      ...(await recoveryAnswers(two, sharedEmail, 3)),
    ];
    expect(shared).toEqual([200, 200, 200, 200, 200, 429]);

    report(
      `[faults] Redis stop/start: ${duringOutage.length} requests during a ${outageMs} ms outage all OK ` +
        `(slowest ${Math.round(slowest)} ms); per-instance limits 5+5 then 429; stale cache dropped ` +
        `${staleCacheGoneMs} ms and revocation over pub/sub working ${resumedMs} ms after Redis was back`,
    );
  });
});
