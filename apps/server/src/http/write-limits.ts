import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from './errors.js';
import type { LimitName } from './rate-limits.js';

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route counts its writes with a limit of its own (the video upload's chunks), not `writeUser`. */
    ownWriteLimit?: boolean;
  }
}

/**
 * DESIGN.md §6: every write has a budget, counted in onRequest, before a byte of its body is read:
 * a logged-in user's writes against `writeUser`, a visitor's against `anonWriteIp`. Registered after
 * the auth hook, which resolves the viewer.
 */
export function registerWriteLimits(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (isRead(request.method) || request.routeOptions.config.ownWriteLimit) return;
    if (request.viewer) await ctx.limits.consume('writeUser', request.viewer.id);
    else await ctx.limits.consume('anonWriteIp', request.ip);
  });
}

/**
 * A route's own limit, also counted before its body is read: per address, or per logged-in user
 * (use after `sessionRequired`).
 */
export function limitedBy(ctx: AppContext, name: LimitName, per: 'ip' | 'user'): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const key = per === 'ip' ? request.ip : request.viewer?.id;
    if (key) await ctx.limits.consume(name, key);
  };
}

/** Form fields and multipart framing around an upload's file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses an upload whose declared length is already over `maxFileBytes` with a 413, before reading it.
 * (A body that lies about its length is still cut at the multipart file limit while it streams.)
 */
export function declaredUploadAtMost(maxFileBytes: number, msg: string): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw new ApiError(413, msg);
  };
}
