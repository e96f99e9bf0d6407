import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { answerClientError, catalogueMessage, clientErrorMessage } from './client-errors.js';
import { containsNul } from './nul-guard.js';

/** A socket that records what is written to it and whether it was closed. */
function fakeSocket() {
  const socket = {
    written: '',
    destroyed: false,
    writable: true,
    write(chunk: string) {
      socket.written += chunk;
      return true;
    },
    destroy() {
      socket.destroyed = true;
    },
  };
  return socket;
}

describe('client error messages', () => {
  it('keeps a schema message of the catalogue and replaces any other text', () => {
    expect(catalogueMessage(MSG.commentTooLong)).toBe(MSG.commentTooLong);
    expect(catalogueMessage('Entrada inválida: se esperaba string, recibido number')).toBe(MSG.invalidInput);
    expect(catalogueMessage(undefined)).toBe(MSG.invalidInput);
  });

  it('names what went wrong for each status Fastify and its plugins raise', () => {
    expect(clientErrorMessage(413)).toBe(MSG.bodyTooLarge);
    expect(clientErrorMessage(415)).toBe(MSG.unsupportedMediaType);
    expect(clientErrorMessage(414)).toBe(MSG.uriTooLong);
    expect(clientErrorMessage(400, 'FST_ERR_CTP_INVALID_JSON_BODY')).toBe(MSG.malformedJson);
    expect(clientErrorMessage(400, 'FST_ERR_BAD_URL')).toBe(MSG.malformedRequest);
    expect(clientErrorMessage(406)).toBe(MSG.invalidInput);
  });

  it('answers a parser timeout with a 408 envelope whose length counts bytes, then closes', () => {
    const socket = fakeSocket();
    answerClientError(
      Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      socket as unknown as Socket,
    );
    const [head = '', body = ''] = socket.written.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ state: 'KO', msg: MSG.requestTimeout });
    expect(socket.destroyed).toBe(true);
  });

  it('writes nothing to a connection the client already reset', () => {
    const socket = fakeSocket();
    answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket as unknown as Socket);
    expect(socket.written).toBe('');
  });
});

describe('containsNul', () => {
  it('finds U+0000 in strings, keys and nested values', () => {
    expect(containsNul('a\u0000')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['ok', 1, null, true] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  it('stops at a fixed depth, so a hostile nesting cannot exhaust the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(false);
  });
});
