/*
 * What the service worker keeps for offline use, in one place for the worker (sw.ts) and the page that clears it
 * (offlineData.ts). Pure functions of a request's URL and headers, so they are unit-tested without a worker.
 */

/** API answers the user has read (GET /api/*), newest first, kept per session token. */
export const API_CACHE = 'nomadas-api';
/** Photos the user has seen (/media/...), kept across sessions until logout. */
export const MEDIA_CACHE = 'nomadas-media';
/** What the user has seen while using the app: cleared on logout, on a change of user and by "Borrar". */
export const RUNTIME_CACHES: readonly string[] = [API_CACHE, MEDIA_CACHE];

/** The app's page as the build writes it: no page's meta, no settings, no one's data. Answers offline navigations. */
export const SHELL_URL = '/index.html';

/** A slow answer gives way to the copy read before after this long (a roadside signal, not no signal). */
export const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Reads that are not something the user has read: health checks, the API's docs, resumable video uploads, the
 * account's export (a zip of all one's data, never to be left in a cache) and the saved places' download (kept in
 * IndexedDB by the map; a second copy here would cost megabytes).
 */
const UNCACHED_API = /^\/api\/(health|docs|video-uploads|perfil\/export|map\/offline)(\/|$)/;

/** A read of the API whose answer is kept for offline use. */
export function isCachedApiRead(url: URL, method: string): boolean {
  return method === 'GET' && url.pathname.startsWith('/api/') && !UNCACHED_API.test(url.pathname);
}

/** Media kept offline: images only (a video is read in ranges, which a cache would answer wrongly). */
export function isCachedMedia(url: URL, destination: string, hasRange: boolean): boolean {
  return url.pathname.startsWith('/media/') && destination === 'image' && !hasRange;
}

/** Paths the server answers itself (API, media, socket, built files): an offline navigation there gets no app. */
const SERVER_PATHS = [/^\/(api|media|ws|assets)(\/|$)/, /\.[a-z0-9]{1,8}$/i];

/** A navigation that the app's shell may answer when the network cannot. */
export function isAppNavigation(url: URL): boolean {
  return !SERVER_PATHS.some((pattern) => pattern.test(url.pathname));
}

/**
 * Whether the runtime caches must be emptied before `username` ('' a visitor) reads into them: they hold another
 * logged-in user's reading. A visitor's reading, public and keyed apart, is left to the user who logs in.
 */
export function readingOfAnother(owner: string | null, username: string): boolean {
  return Boolean(owner) && owner !== username;
}

/** The query parameter that keeps one session's API answers apart from another's in the cache. */
const SESSION_PARAM = '__session';

/**
 * The key an API answer is cached under: its URL plus a digest of the session token that read it (the token
 * travels in a header the Cache API does not key on). Another user's token, or none, never finds that answer.
 */
export async function sessionCacheKey(url: string, token: string | null): Promise<string> {
  if (!token) return url;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0'));
  const keyed = new URL(url);
  keyed.searchParams.set(SESSION_PARAM, hex.join(''));
  return keyed.href;
}
