import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { prepareJson, sendPrepared } from './prepared-json.js';

describe('prepared JSON answers', () => {
  const app = Fastify();
  app.get('/', async (request, reply) =>
    sendPrepared(request, reply, await prepareJson({ state: 'OK', data: { points: [1, 2, 3] } })),
  );

  const get = (acceptEncoding?: string) =>
    app.inject({
      url: '/',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the gzip bytes to a client that takes gzip, and plain JSON otherwise', async () => {
    for (const accepted of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*']) {
      const response = await get(accepted);
      expect(response.headers['content-encoding'], accepted).toBe('gzip');
      expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual({
        state: 'OK',
        data: { points: [1, 2, 3] },
      });
    }
    for (const refused of [undefined, 'identity', 'br', 'gzip;q=0', 'gzip; q=0.0, br']) {
      const response = await get(refused);
      expect(response.headers['content-encoding'], refused).toBeUndefined();
      expect(response.json()).toEqual({ state: 'OK', data: { points: [1, 2, 3] } });
    }
    expect((await get()).headers.vary).toBe('accept-encoding');
  });
});
