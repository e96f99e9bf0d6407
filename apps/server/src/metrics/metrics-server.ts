import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/**
 * Serves `registry` at /metrics on a port of its own (METRICS_PORT), which an operator keeps off the public
 * network: the app's port never answers /metrics. Resolves once listening.
 */
export async function serveMetrics(
  registry: Registry,
  { host, port }: { host: string; port: number },
  onError: (error: unknown) => void,
) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
