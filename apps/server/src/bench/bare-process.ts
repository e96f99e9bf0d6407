import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** Child process of `npm run bench`: Fastify with one constant JSON route, the ceiling for the app's routes. */
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ state: 'OK' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});
