import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.close());

/**
 * Sends only the headers of a request that declares a body, and resolves with the answer: a server
 * that reads the body before deciding would never answer.
 */
function headersOnly(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const request = http.request(`${t.baseUrl}${path}`, { method: 'POST', headers });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => {
        resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text) });
        request.destroy();
      });
    });
    request.flushHeaders();
  });
}

describe('write limits, before the body is read', () => {
  it("limits a visitor's route visits and events to 120 a minute per address", async () => {
    const visitor = { 'x-forwarded-for': '10.20.30.40' };
    const statuses = [];
    for (let i = 0; i < 120; i++) {
      const path = i % 2 ? '/api/sev' : '/api/trc/path';
      const body = i % 2 ? { e: 1 } : { p: `/muro?visita=${i}`, br: 'test' };
      statuses.push((await t.post(path, { headers: visitor, body })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);

    const limited = await headersOnly('/api/trc/path', {
      ...visitor,
      'content-type': 'application/json',
      'content-length': '1000000',
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ state: 'KO', msg: MSG.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.db
      .selectFrom('path_visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(60);

    // Another address visits as usual.
    expect(
      (await t.post('/api/trc/path', { headers: { 'x-forwarded-for': '10.20.30.41' }, body: { p: '/' } }))
        .status,
    ).toBe(200);
  });

  it('refuses an upload that declares more than the photo limit with a 413, without reading it', async () => {
    const user = await t.createSession();
    const answer = await headersOnly('/api/post/create', {
      'api-token': user.token,
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(POST_IMAGE_MAX_BYTES * 4),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.postImageTooLarge });
  });

  it('counts uploads per user before the body: the 31st in half an hour is a 429', async () => {
    const user = await t.createSession();
    // Thirty forms without a photo: refused, and each one still counts.
    for (let i = 0; i < 30; i++) {
      const form = new FormData();
      form.set('text', `intento ${i}`);
      const answer = await t.post('/api/post/create', { token: user.token, form });
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.postImageRequired });
    }
    const limited = await headersOnly('/api/post/create', {
      'api-token': user.token,
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': '5000000',
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ state: 'KO', msg: MSG.tooManyRequests });
  });
});

describe('headers of API answers', () => {
  it('no answer of the API is kept by a browser or a proxy', async () => {
    const user = await t.createSession();
    const answers = [
      await t.get('/api/posts?1&n=0&l=12&tag=&cm=0', { token: user.token }),
      await t.post('/api/login', { body: { username: user.username, password: user.password } }),
      await t.get('/api/no-existe'),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it("carry an API's security headers, not a page's", async () => {
    const answers = [
      await t.get('/api/health'),
      await t.get('/api/notifications_nv'),
      await t.get('/api/no-existe'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404]);
    for (const { headers } of answers) {
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(headers.get('cross-origin-opener-policy')).toBe(null);
    }
    // The API's documentation is a page: it keeps a page's headers.
    const docs = await t.get('/api/docs/');
    expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(docs.headers.get('content-security-policy')).toContain("object-src 'none'");
  });

  it('lets the page talk to its own origin only', async () => {
    const csp = (await t.get('/')).headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe("connect-src 'self' ws://nomadas.test");
  });
});
