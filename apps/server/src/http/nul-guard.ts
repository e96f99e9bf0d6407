import type { FastifyInstance } from 'fastify';
import { MSG } from '@nomadas/shared';
import { badRequest } from './errors.js';

/** Deeper than any body a route reads; also bounds the walk over a hostile, deeply nested JSON. */
const MAX_DEPTH = 32;

/** True when a string, or any key or string inside a parsed object or array, holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query was a 500. No form or client
 * of ours sends one; silently dropping it would make a code, a password or a name mean something
 * other than what was sent, so it is refused once, here, for every route: path parameters, query
 * and JSON body (multipart fields are checked where the form is read).
 */
export function registerNulGuard(app: FastifyInstance): void {
  // Path parameters and query are decoded from the URL, where a NUL can only come as %00 (the HTTP parser
  // refuses a raw one): one search of the URL instead of a walk over both on every request. Refused as the
  // request arrives, before a route's own onRequest checks read a parameter (a place's room for a photo).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('%00')) done(badRequest(MSG.invalidCharacters));
    else done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.body)) done(badRequest(MSG.invalidCharacters));
    else done();
  });
}
