import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** An id a balancer or client sent that is safe to log and echo: HAProxy's unique-id, nginx's hex, a UUID. */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Fastify's genReqId: the request's X-Request-Id when it is a sane token, else a new UUID. It becomes
 * request.id, so every log line of the request carries it as reqId.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}

/** Every answer says its id, so a user's report or a balancer's log leads to the app's lines. */
export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
