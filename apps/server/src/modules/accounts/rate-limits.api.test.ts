import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => t?.close());

describe('rate limits', () => {
  it('answers 429 with Retry-After after 25 logins in 5 minutes', async () => {
    const answers = [];
    for (let i = 0; i < 26; i++) {
      answers.push(await t.post('/api/login', { body: { username: `nadie${i}`, password: 'x' } }));
    }
    expect(answers.slice(0, 25).every((a) => a.status === 400)).toBe(true);
    const limited = answers[25]!;
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ state: 'KO', msg: MSG.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits recovery to 5 per e-mail in 30 minutes', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.post('/api/recovery', { body: { email: 'limite@example.com' } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
