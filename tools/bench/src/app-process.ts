import type { AddressInfo } from 'node:net';
import { loadConfig } from '@nomadas/server/config';
import { createServer } from '@nomadas/server/server';

/** Child process of `npm run bench`: the real app, configured by env, on a loopback port it reports back. */
const server = await createServer(loadConfig());
await server.app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (server.app.server.address() as AddressInfo).port });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
