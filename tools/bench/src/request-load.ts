import net from 'node:net';
import { decoded, parseResponse, summarise, type LoadResult } from './load.js';

/** One request as the load sends it. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

/** What became of one request: its status (0 when the connection broke first), body and times. */
export interface BenchAnswer {
  request: BenchRequest;
  status: number;
  /** The body as sent before compression; empty for a broken connection. */
  body: Buffer;
  sentAt: number;
  at: number;
}

export interface RequestLoadOptions {
  port: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The next request of a connection (called once per request). */
  next: () => BenchRequest;
  /** Every answer, warm-up included, and every request a broken connection lost (status 0). */
  onAnswer?: (answer: BenchAnswer) => void;
}

const CLOSES = /\r\nconnection:\s*close/i;

function encode(port: number, request: BenchRequest): Buffer {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const length = request.body ? `Content-Length: ${request.body.length}\r\n` : '';
  const head = Buffer.from(
    `${request.method} ${request.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n${headers}${length}\r\n`,
    'latin1',
  );
  return request.body ? Buffer.concat([head, request.body]) : head;
}

/**
 * Closed-loop load like load.ts's, with POST bodies, and connections that come back: a connection that breaks
 * (an instance killed behind the balancer) counts its request as failed and opens again, so the load goes on.
 */
export function runRequestLoad(options: RequestLoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let sample = '';
  const startedAt = performance.now();
  const measureFrom = startedAt + options.warmupSeconds * 1000;
  const stopAt = measureFrom + options.seconds * 1000;
  const counts = (sentAt: number, at: number) => sentAt >= measureFrom && at <= stopAt;

  const answered = (answer: BenchAnswer) => {
    options.onAnswer?.(answer);
    if (!counts(answer.sentAt, answer.at)) return;
    latencies.push(answer.at - answer.sentAt);
    if (answer.status !== 200) errors++;
    else if (!sample) sample = answer.body.toString('utf8');
  };

  const connection = (done: () => void) => {
    const socket = net.connect({ host: '127.0.0.1', port: options.port, noDelay: true });
    let pending = Buffer.alloc(0);
    let inFlight: { request: BenchRequest; sentAt: number } | undefined;
    const send = () => {
      const request = options.next();
      inFlight = { request, sentAt: performance.now() };
      socket.write(encode(options.port, request));
    };
    socket.on('connect', send);
    socket.on('data', (data) => {
      pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
      const response = parseResponse(pending);
      if (!response || !inFlight) return;
      const head = pending.subarray(0, pending.indexOf('\r\n\r\n')).toString('latin1');
      pending = pending.subarray(response.length);
      const now = performance.now();
      const body = decoded(response.body, response.encoding);
      answered({ ...inFlight, status: response.status, body, at: now });
      inFlight = undefined;
      // An answer that closes its connection (the balancer's 502/503) is followed by a new connection.
      if (now < stopAt && !CLOSES.test(head)) send();
      else socket.end();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (inFlight) answered({ ...inFlight, status: 0, body: Buffer.alloc(0), at: performance.now() });
      inFlight = undefined;
      if (performance.now() < stopAt) setTimeout(() => connection(done), 10);
      else done();
    });
  };

  return new Promise((resolve) => {
    let open = options.connections;
    const finish = () => {
      if (--open > 0) return;
      resolve(summarise(latencies, errors, options.seconds, sample));
    };
    for (let c = 0; c < options.connections; c++) connection(finish);
  });
}
