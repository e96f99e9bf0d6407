import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@nomadas/server/config';
import { createServer } from '@nomadas/server/server';
import { openPGliteOnWorker } from './pglite-worker.js';

/**
 * Child process of `npm run bench:embedded`: the real app on its embedded database, configured by env
 * as `npm start` is; BENCH_PGLITE_WORKER=true runs PGlite (DATA_DIR/pgdata) on a worker thread instead.
 */
const config = loadConfig();
const server = await createServer(
  config,
  process.env.BENCH_PGLITE_WORKER === 'true'
    ? { openDb: () => openPGliteOnWorker(path.join(config.dataDir, 'pgdata')) }
    : {},
);
await server.app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (server.app.server.address() as AddressInfo).port });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
