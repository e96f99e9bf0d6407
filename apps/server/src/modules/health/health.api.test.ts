import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers OK without asking anything of the database', async () => {
    const live = await t.get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ state: 'OK' });
  });

  it('ready answers OK with each check when the database (and Redis, when set) answer', async () => {
    const ready = await t.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      state: 'OK',
      data: { database: 'ok', redis: t.config.redisUrl ? 'ok' : 'sin configurar', draining: false },
    });
  });

  it('/api/health still says whether the demo is ready', async () => {
    expect((await t.get('/api/health')).body).toEqual({ state: 'OK', data: { demo: 'ready' } });
  });
});

describe('the drain that SIGTERM starts', () => {
  it('turns ready to 503 at once while live and ordinary requests go on, then closes', async () => {
    const draining = await startTestServer({ SHUTDOWN_DRAIN_MS: '1500' });
    try {
      const ana = await draining.createSession();
      const shutdown = draining.shutdown();
      const ready = await draining.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        state: 'KO',
        msg: MSG.notReadyDraining,
        data: { database: 'ok', redis: draining.config.redisUrl ? 'ok' : 'sin configurar', draining: true },
      });
      expect((await draining.get('/api/health/live')).status).toBe(200);
      const profile = await draining.get('/api/perfil', { token: ana.token });
      expect(profile.status).toBe(200);
      expect(profile.body.state).toBe('OK');
      await shutdown;
      // Closed: the port no longer takes connections.
      await expect(fetch(`${draining.baseUrl}/api/health/live`)).rejects.toThrow();
    } finally {
      await draining.close();
    }
  });
});

describe('a database that stops answering', () => {
  it('makes ready answer 503 naming the database, while live stays 200', async () => {
    const broken = await startTestServer();
    try {
      // The app's own pool closed under it: every query fails as when the database is gone.
      await broken.db.destroy();
      const ready = await broken.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        state: 'KO',
        msg: MSG.notReadyDatabase,
        data: { database: 'fallo', draining: false },
      });
      expect((await broken.get('/api/health/live')).status).toBe(200);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
