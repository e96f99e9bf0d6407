import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('anonymous tracking', () => {
  it('stores a path visit with the browser string and nothing about the visitor', async () => {
    const br = Buffer.from('8|Europe/Madrid').toString('base64');
    expect((await t.post('/api/trc/path', { body: { p: '/muro', br } })).body).toEqual({ state: 'OK' });
    const rows = await t.db.selectFrom('path_visits').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['br', 'created_at', 'id', 'path']);
    expect(rows[0]).toMatchObject({ path: '/muro', br });
  });

  it('stores event codes', async () => {
    expect((await t.post('/api/sev', { body: { e: 2 } })).body).toEqual({ state: 'OK' });
    const rows = await t.db.selectFrom('events').select('code').execute();
    expect(rows.map((r) => r.code)).toEqual([2]);
  });

  it('refuses a path visit without a path', async () => {
    const answer = await t.post('/api/trc/path', { body: { br: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.state).toBe('KO');
  });
});
