import { API_CACHE } from './cachePolicy';

/**
 * Puts an answer the server wrote into a visitor's page (/muro's first wall page, a channel's) in the API cache,
 * under the URL the app would have read it from: that read never went through the service worker, and the one
 * page a visitor has seen would be missing offline. A logged-in reader never finds it: their keys carry their
 * session (cachePolicy.ts).
 */
export function keepVisitorAnswer(url: string, data: unknown): void {
  if (typeof caches === 'undefined') return;
  const answer = new Response(JSON.stringify({ state: 'OK', data }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  caches
    .open(API_CACHE)
    .then((cache) => cache.put(new URL(url, window.location.origin).href, answer))
    .catch(() => undefined);
}
