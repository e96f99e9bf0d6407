import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@nomadas/shared';
import { ko } from './envelope.js';
import { ApiError } from './errors.js';

const CATALOGUE: ReadonlySet<string> = new Set(Object.values(MSG));

/** A schema's own message when it is one of ours; zod's generic texts name types and fields, not what to do. */
export function catalogueMessage(message: string | undefined): string {
  return message !== undefined && CATALOGUE.has(message) ? message : MSG.invalidInput;
}

/**
 * The Spanish msg of a 4xx raised by Fastify, a plugin or Node's HTTP parser rather than by our code,
 * so that a refusal reads the same whichever layer made it.
 */
export function clientErrorMessage(status: number, code?: string): string {
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return MSG.malformedJson;
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || code === 'FST_ERR_BAD_URL')
    return MSG.malformedRequest;
  switch (status) {
    case 401:
      return MSG.sessionRequired;
    case 403:
      return MSG.forbidden;
    case 404:
      return MSG.notFound;
    case 405:
      return MSG.methodNotAllowed;
    case 408:
      return MSG.requestTimeout;
    case 413:
      return MSG.bodyTooLarge;
    case 414:
      return MSG.uriTooLong;
    case 415:
      return MSG.unsupportedMediaType;
    case 429:
      return MSG.tooManyRequests;
    case 431:
      return MSG.headersTooLarge;
    default:
      return MSG.invalidInput;
  }
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (400) or a path parameter over
 * `maxParamLength` (414) is refused before routing, so it never reaches the error handler.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const msg = status >= 500 ? MSG.serverError : clientErrorMessage(status, error.code);
  return reply.status(status).send(ko(msg));
}

/** Node parser errors that have a status of their own; every other one is a malformed request. */
const PARSER_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (headers or URL over 16 KB,
 * control characters in a header, a broken chunked body, a timeout) get the envelope too. The
 * socket is in an unknown state, so the answer is written raw and the connection closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = PARSER_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify(ko(status === 400 ? MSG.malformedRequest : clientErrorMessage(status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * What Node would answer outside the envelope: an `Expect` it does not know (417 with no body) and an
 * HTTP/1.1 request without `Host` (400 with no body; Node's own check is turned off in app.ts so
 * that this one answers instead).
 */
export function registerProtocolRefusals(app: FastifyInstance): void {
  app.server.on('checkExpectation', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = JSON.stringify(ko(MSG.expectationFailed));
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host)
      throw new ApiError(400, MSG.malformedRequest);
  });
}
