import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it("echoes the balancer's id: HAProxy's unique-id, nginx's hex", async () => {
    for (const id of ['7F000001:D2F4_7F000001:1F90_6761B2C3_0004:3A1C', '3f1c0e9a4b5d6e7f8091a2b3c4d5e6f7']) {
      const answer = await t.get('/api/health/live', { headers: { 'x-request-id': id } });
      expect(answer.headers.get('x-request-id')).toBe(id);
    }
  });

  it('makes one when none is sent, a new one per request, on refusals too', async () => {
    const first = (await t.get('/api/health/live')).headers.get('x-request-id');
    const second = (await t.get('/api/no-existe')).headers.get('x-request-id');
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('replaces an id that is too long or carries characters unfit for a log line', async () => {
    for (const id of ['a'.repeat(129), 'id con espacios', 'id"},"admin":true', '<script>']) {
      const answer = await t.get('/api/health/live', { headers: { 'x-request-id': id } });
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
    }
  });
});
