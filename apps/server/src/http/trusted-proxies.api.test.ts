import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

// The test client plays the load balancer: it connects from 127.0.0.1 and appends the client's real address
// to whatever X-Forwarded-For the client sent, as proxies do.
const behindProxy = (spoofed: string, real: string) => ({ 'x-forwarded-for': `${spoofed}, ${real}` });

async function loginsUntilRefused(t: TestServer, real: string) {
  const statuses = [];
  for (let i = 0; i < 26; i++) {
    const answer = await t.post('/api/login', {
      headers: behindProxy(`198.51.100.${i + 1}`, real),
      body: { username: `nadie_${real}_${i}`, password: 'contraseña-mala' },
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe.each([
  ['a hop count', '1'],
  ['the proxies’ addresses', '10.0.0.0/8,127.0.0.1'],
])('TRUST_PROXY as %s', (_, trustProxy) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: trustProxy });
  });
  afterAll(() => t?.close());

  it('limits the real client however it rotates the address it writes itself', async () => {
    const statuses = await loginsUntilRefused(t, '203.0.113.7');
    expect(statuses.slice(0, 25).every((status) => status === 400)).toBe(true);
    expect(statuses[25]).toBe(429);
    // Another client behind the same proxy is not affected.
    const other = await t.post('/api/login', {
      headers: behindProxy('198.51.100.1', '203.0.113.8'),
      body: { username: 'otra_persona', password: 'contraseña-mala' },
    });
    expect(other.status).toBe(400);
  });
});
