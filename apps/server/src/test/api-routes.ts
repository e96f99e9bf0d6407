import type { ApiCallName } from '@nomadas/shared/api';
import type { RouteEntry } from './bad-input.http.js';

/**
 * The routes the app serves under /api, as the route table names them ('GET /posts'): without the docs'
 * own pages, and without the HEAD twin Fastify gives every GET.
 */
export function apiRoutesServed(routes: RouteEntry[]): RouteEntry[] {
  const api = routes.filter(({ url }) => url.startsWith('/api/') && !url.startsWith('/api/docs'));
  const gets = new Set(api.filter(({ method }) => method === 'GET').map(({ url }) => url));
  return api.filter(({ method, url }) => !(method === 'HEAD' && gets.has(url)));
}

/** A call's method and path as the OpenAPI document writes them: `post`, `/api/like/post/{posturl}`. */
export function documentedPath(name: ApiCallName): [string, string] {
  const [method, path] = name.split(' ') as [string, string];
  return [method.toLowerCase(), `/api${path.replace(/:(\w+)/g, '{$1}')}`];
}
