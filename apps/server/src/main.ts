import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig(process.env, process.argv.slice(2));
const server = await createServer(config);
await server.app.listen({ host: config.host, port: config.port });
server.app.log.info(`${config.siteName} listening on ${config.publicUrl}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    // Whatever the shutdown still waits for (a request that never ends, a stuck store), the process ends here.
    setTimeout(() => {
      server.app.log.error(
        { deadlineMs: config.shutdownDeadlineMs },
        'shutdown deadline passed: exiting now',
      );
      process.exit(1);
    }, config.shutdownDeadlineMs).unref();
    server.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
