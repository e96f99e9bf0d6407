import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/free-port.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { openSocket, type TestSocket } from '../test/ws-client.js';

let t: TestServer;
let metricsUrl: string;
beforeAll(async () => {
  const port = await freePort();
  t = await startTestServer({ METRICS_PORT: String(port) });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(() => t?.close());

/** The value of the sample `name{labels}` in a Prometheus text scrape (labels in any order), or undefined. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of scrape.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = (match[2] ?? '').split(',');
    if (wanted.every((pair) => has.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

const scrape = async () => {
  const answer = await fetch(metricsUrl);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return answer.text();
};

describe('GET /metrics on METRICS_PORT', () => {
  it('counts requests by route pattern and status class, with their latency, never by raw URL', async () => {
    const ana = await t.createSession();
    await t.get(`/api/perfil/${ana.username}`);
    await t.get('/api/perfil/nadie_con_este_nombre');
    await t.get('/api/perfil/otra_que_no_existe');
    const text = await scrape();
    const route = { method: 'GET', route: '/api/perfil/:username' };
    expect(sample(text, 'nomadas_http_requests_total', { ...route, status: '2xx' })).toBe(1);
    expect(sample(text, 'nomadas_http_requests_total', { ...route, status: '4xx' })).toBe(2);
    expect(
      sample(text, 'nomadas_http_request_duration_seconds_bucket', { ...route, status: '4xx', le: '+Inf' }),
    ).toBe(2);
    expect(sample(text, 'nomadas_http_request_duration_seconds_count', { ...route, status: '2xx' })).toBe(1);
    expect(text).not.toContain('nadie_con_este_nombre');
    // The process's own: event-loop lag among them.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('shows the open sockets, the job and mail backlogs, and the caches’ hits', async () => {
    const before = await scrape();
    expect(sample(before, 'nomadas_open_sockets')).toBe(0);
    const luis = await t.createSession();
    const socket: TestSocket = await openSocket(t.baseUrl, luis.token);
    // A job of a kind no worker takes waits for ever: the backlog counts it and ages it.
    await t.db
      .insertInto('jobs')
      .values({ kind: 'metrics-test', payload: '{}', run_at: new Date(Date.now() - 60_000) })
      .execute();
    await t.get('/api/posts?1&n=0&l=12');
    await t.get('/api/posts?1&n=0&l=12');
    try {
      const text = await scrape();
      expect(sample(text, 'nomadas_open_sockets')).toBe(1);
      expect(sample(text, 'nomadas_queue_waiting', { queue: 'jobs' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'nomadas_queue_oldest_waiting_seconds', { queue: 'jobs' })).toBeGreaterThanOrEqual(
        59,
      );
      expect(sample(text, 'nomadas_queue_waiting', { queue: 'mail' })).toBeGreaterThanOrEqual(0);
      expect(
        sample(text, 'nomadas_cache_reads_total', { cache: 'wall_pages', result: 'hit' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'nomadas_redis_up')).toBe(t.config.redisUrl ? 1 : undefined);
    } finally {
      await socket.close();
    }
  });

  it('counts the PostgreSQL pool’s acquires and waits (none on PGlite, which has no pool)', async () => {
    await t.get('/api/posts?1&n=0&l=12');
    const first = await scrape();
    const acquired = sample(first, 'nomadas_db_pool_acquires_total');
    if (process.env.TEST_DB === 'pglite') {
      expect(acquired).toBeUndefined();
      return;
    }
    expect(acquired).toBeGreaterThanOrEqual(1);
    expect(sample(first, 'nomadas_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    // A profile read takes connections of its own: the count grows, the waits add up.
    await Promise.all(Array.from({ length: 5 }, () => t.get('/api/perfil/nadie_con_este_nombre')));
    const second = await scrape();
    expect(sample(second, 'nomadas_db_pool_acquires_total')).toBeGreaterThan(acquired!);
    expect(sample(second, 'nomadas_db_pool_wait_seconds_total')).toBeGreaterThan(0);
  });

  it('is not served on the app’s own port', async () => {
    const answer = await fetch(`${t.baseUrl}/metrics`);
    expect(await answer.text()).not.toContain('nomadas_http_requests_total');
  });
});
