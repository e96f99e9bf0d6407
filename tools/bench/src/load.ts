import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface LoadOptions {
  port: number;
  connections: number;
  /** Seconds of load that count, after `warmupSeconds` that do not. */
  seconds: number;
  warmupSeconds: number;
  /** The next request's path for a connection (called once per request). */
  path: () => string;
  /** The same headers on every request, or the next request's (called once per request). */
  headers?: Record<string, string> | (() => Record<string, string>);
}

export interface LoadResult {
  requests: number;
  /** Answers other than 200, and broken connections. */
  errors: number;
  rps: number;
  /** Latency percentiles in milliseconds, over every request that counted. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** One 200 answer's body, to check the case measures what it claims. */
  sample: string;
}

/** A run's result from its latencies (sorted here), errors and length. */
export function summarise(latencies: number[], errors: number, seconds: number, sample: string): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    sample,
  };
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** A body as it was before the server compressed it. */
export function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  return body;
}

/** Reads one HTTP/1.1 response off the front of `buffer`; null while incomplete. */
export function parseResponse(
  buffer: Buffer,
): { status: number; body: Buffer; length: number; encoding: string | undefined } | null {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.subarray(0, headerEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const encoding = /\r\ncontent-encoding:\s*(\w+)/i.exec(head)?.[1]?.toLowerCase();
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headerEnd + 4;
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    return buffer.length < end
      ? null
      : { status, body: buffer.subarray(bodyStart, end), length: end, encoding };
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head))
    return { status, body: Buffer.alloc(0), length: bodyStart, encoding };
  // Chunked: walk the chunks up to the terminating zero-length one.
  const chunks: Buffer[] = [];
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    const dataStart = lineEnd + 2;
    if (buffer.length < dataStart + size + 2) return null;
    if (size === 0) return { status, body: Buffer.concat(chunks), length: dataStart + 2, encoding };
    chunks.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

/**
 * Closed-loop load over keep-alive connections to 127.0.0.1: each connection sends its next
 * request as soon as the previous answer has fully arrived. Every answer's latency is kept.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headerLines = (headers: Record<string, string>) =>
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  const { headers = {} } = options;
  const fixedHeaders = typeof headers === 'function' ? '' : headerLines(headers);
  const nextHeaders = typeof headers === 'function' ? () => headerLines(headers()) : () => fixedHeaders;
  const requestFor = (path: string) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nAccept: application/json\r\n${nextHeaders()}\r\n`,
      'latin1',
    );

  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    let sample = '';
    const startedAt = performance.now();
    const measureFrom = startedAt + options.warmupSeconds * 1000;
    const stopAt = measureFrom + options.seconds * 1000;
    let open = options.connections;
    let failed: Error | undefined;

    const finish = () => {
      if (--open > 0) return;
      if (failed && latencies.length === 0) return reject(failed);
      resolve(summarise(latencies, errors, options.seconds, sample));
    };

    for (let c = 0; c < options.connections; c++) {
      const socket = net.connect({ host: '127.0.0.1', port: options.port, noDelay: true });
      let pending = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(requestFor(options.path()));
      };
      socket.on('connect', send);
      socket.on('data', (data) => {
        pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
        const response = parseResponse(pending);
        if (!response) return;
        pending = pending.subarray(response.length);
        const now = performance.now();
        if (sentAt >= measureFrom && now <= stopAt) {
          latencies.push(now - sentAt);
          if (response.status !== 200) errors++;
          else if (!sample) sample = decoded(response.body, response.encoding).toString('utf8');
        }
        if (now < stopAt) send();
        else socket.end();
      });
      socket.on('error', (error) => {
        errors++;
        failed = error;
        socket.destroy();
      });
      socket.on('close', finish);
    }
  });
}
