import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findLiveSession } from '../modules/accounts/sessions.queries.js';
import { unauthorized } from './errors.js';

/** The logged-in user behind a request's API-TOKEN. */
export interface Viewer {
  id: string;
  username: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export const TOKEN_HEADER = 'api-token';

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as SHA-256: 256 random bits need no slow hash. */
export function hashToken(token: string): Buffer {
  return crypto.hash('sha256', token, 'buffer');
}

/**
 * Resolves the viewer for every API request that carries a token. A bad token on a call that
 * does not need one is treated as a visitor; calls that need one use `requireViewer`.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const token = request.headers[TOKEN_HEADER];
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return;
    // One-shot hashing: a createHash object per request was a twentieth of a cached wall page's CPU.
    const key = crypto.hash('sha256', token, 'base64');
    const cached = ctx.sessions.get(key);
    if (cached) {
      request.viewer = cached;
      return;
    }
    const stamp = ctx.sessions.stamp();
    const session = await findLiveSession(ctx.db, Buffer.from(key, 'base64'));
    if (!session) return;
    request.viewer = { id: session.userId, username: session.username, sessionId: session.sessionId };
    ctx.sessions.set(key, request.viewer, session.expiresAt, stamp);
  });
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
