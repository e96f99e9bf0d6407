import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** Child process of `npm run bench`: Fastify with constant JSON routes, the ceilings for the app's routes. */
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ state: 'OK' }));

// The same with an answer of `bytes` bytes (a wall page's size): on loopback the kernel's copy of a 14 KB answer
// is much of what a route costs, which a 15-byte answer leaves out.
const padded = new Map<number, string>();
app.get<{ Params: { bytes: string } }>('/api/bytes/:bytes', async (request, reply) => {
  const bytes = Math.min(1_000_000, Math.max(24, Number(request.params.bytes) || 24));
  let body = padded.get(bytes);
  if (!body) padded.set(bytes, (body = `{"state":"OK","data":"${'x'.repeat(bytes - 24)}"}`));
  return reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});
