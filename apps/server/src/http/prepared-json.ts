import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer serialized and compressed once, to be sent many times: for large answers that many callers
 * share (a box of map points is some 300 KB of JSON), where turning them into JSON and gzip on every
 * request, not reading them, is what costs. Its route opts out of @fastify/compress (`compress: false`).
 */
export interface PreparedJson {
  json: string;
  gzip: Buffer;
}

/** gzip on libuv's threads, off the event loop. */
export const gzipAsync = promisify(gzip);

/** Compressed on libuv's threads, so a large answer never stalls the requests around it. */
export async function prepareJson(value: unknown): Promise<PreparedJson> {
  const json = JSON.stringify(value);
  return { json, gzip: await gzipAsync(json, { level: 5 }) };
}

// 'gzip' listed without q=0 (a client that accepts everything says so with '*').
const ACCEPTS_GZIP = /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q\s*=\s*(?!0(?:\.0*)?\s*(?:,|$))[\d.]+\s*)?(?:,|$)/i;

export function acceptsGzip(request: FastifyRequest): boolean {
  return ACCEPTS_GZIP.test(request.headers['accept-encoding'] ?? '');
}

/** Text made for one request (a page's HTML), gzipped off the event loop when the client takes it. */
export async function sendMaybeGzipped(request: FastifyRequest, reply: FastifyReply, text: string) {
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request)) return reply.send(text);
  return reply.header('content-encoding', 'gzip').send(await gzipAsync(text, { level: 6 }));
}

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedJson) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) {
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.json);
}
