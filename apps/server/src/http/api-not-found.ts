import type { FastifyInstance } from 'fastify';
import { MSG } from '@nomadas/shared';
import { ApiError, notFound } from './errors.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Not-found handler of /api: a path no route knows is a 404; a known path called with another
 * method is a 405 that names the methods it has (the web app's catch-all `*` does not count).
 */
export function apiNotFoundHandler(app: FastifyInstance) {
  return async (request: { url: string }) => {
    const url = request.url.split('?')[0] ?? '';
    const allowed = METHODS.filter((method) => {
      const route = app.findRoute({ method, url });
      return route !== null && !('*' in route.params);
    });
    if (allowed.length === 0) throw notFound();
    throw new ApiError(405, MSG.methodNotAllowed, { allow: allowed.join(', ') });
  };
}
