// The TLS-terminating, HTTP/2 proxy a deployment puts in front of the app (docs/operations.md: "behind a
// TLS-terminating HTTP/2 proxy"), for `npm run lighthouse`: a phone gets the first screen's twenty-odd files over
// one HTTP/2 connection, not six HTTP/1.1 ones, and Lighthouse's simulation models the protocol it observes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** A self-signed certificate for 127.0.0.1, made by the openssl command line. */
async function selfSignedCertificate() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-lighthouse-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (made.status !== 0)
    throw new Error(
      'openssl could not make a certificate (or run with LIGHTHOUSE_HTTP2=0 for plain HTTP/1.1)',
    );
  const pair = { key: await fs.readFile(key), cert: await fs.readFile(cert) };
  await fs.rm(dir, { recursive: true, force: true });
  return pair;
}

/** Serves `target` (http://host:port) at https://127.0.0.1:{port} over HTTP/2; resolves to its URL and closer. */
export async function startHttp2Front(target) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer({ ...(await selfSignedCertificate()), allowHTTP1: true });
  server.on('request', (request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
    );
    headers.host = upstream.host;
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(
          answer.statusCode,
          Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name))),
        );
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
