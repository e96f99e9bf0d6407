import { describe, expect, it } from 'vitest';
import {
  isAppNavigation,
  isCachedApiRead,
  isCachedMedia,
  readingOfAnother,
  sessionCacheKey,
} from './cachePolicy';

const at = (path: string) => new URL(path, 'https://nomadas.example');

describe('what the service worker keeps for offline use', () => {
  it("keeps the API's reads, not its writes, health checks, docs, uploads, the data export or the saved places", () => {
    for (const path of [
      '/api/posts?1&n=0&l=12&tag=&cm=1',
      '/api/post/una-parada',
      '/api/perfil',
      '/api/chats',
      '/api/notifications',
      '/api/map/location/area-astorga',
      '/api/healthy-vans', // a path that only starts like a health check
    ])
      expect(isCachedApiRead(at(path), 'GET'), path).toBe(true);
    expect(isCachedApiRead(at('/api/like/post/1'), 'POST')).toBe(false);
    for (const path of [
      '/api/health',
      '/api/health/ready',
      '/api/docs/json',
      '/api/video-uploads/abc',
      '/api/perfil/export/c0de',
      '/api/map/offline',
      '/api/map/offline?since=812',
      '/media/x.webp',
      '/muro',
    ])
      expect(isCachedApiRead(at(path), 'GET'), path).toBe(false);
  });

  it('keeps photos whole, never a range of a video', () => {
    expect(isCachedMedia(at('/media/posts/a/thumb.webp'), 'image', false)).toBe(true);
    expect(isCachedMedia(at('/media/videos/a.mp4'), 'video', true)).toBe(false);
    expect(isCachedMedia(at('/media/videos/a.mp4'), '', false)).toBe(false);
    expect(isCachedMedia(at('/assets/logo.png'), 'image', false)).toBe(false);
  });

  it("opens the app's shell offline for the app's pages only, not for the server's own paths or files", () => {
    for (const path of [
      '/',
      '/muro',
      '/muro/una-parada',
      '/perfil',
      '/mapa/location/area-astorga',
      '/no/existe',
    ])
      expect(isAppNavigation(at(path)), path).toBe(true);
    for (const path of ['/api/docs/', '/media/x.webp', '/ws', '/assets/index-a1.js', '/sw.js', '/robots.txt'])
      expect(isAppNavigation(at(path)), path).toBe(false);
  });
});

describe('the API cache is keyed by session', () => {
  const url = 'https://nomadas.example/api/posts?1&n=0&l=12&tag=&cm=1';

  it("keeps a visitor's answers under their URL", async () => {
    expect(await sessionCacheKey(url, null)).toBe(url);
  });

  it("keys a user's answers by their token, so another session (or a visitor) never reads them", async () => {
    const ana = await sessionCacheKey(url, 'token-de-ana');
    const luis = await sessionCacheKey(url, 'token-de-luis');
    expect(ana).not.toBe(url);
    expect(ana).not.toBe(luis);
    // The same session finds its answer again, and the URL's own query is kept.
    expect(await sessionCacheKey(url, 'token-de-ana')).toBe(ana);
    expect(new URL(ana).searchParams.get('tag')).toBe('');
    // The token itself is not written into the key.
    expect(ana).not.toContain('token-de-ana');
  });
});

describe("one user's reading is not left to the next", () => {
  it('empties the caches when another user, or a visitor, follows a logged-in user', () => {
    expect(readingOfAnother('ana', 'luis')).toBe(true);
    expect(readingOfAnother('ana', '')).toBe(true);
  });

  it('keeps them for the same user, and after a visitor (whose answers are public and keyed apart)', () => {
    expect(readingOfAnother('ana', 'ana')).toBe(false);
    expect(readingOfAnother('', 'ana')).toBe(false);
    expect(readingOfAnother(null, 'ana')).toBe(false);
    expect(readingOfAnother(null, '')).toBe(false);
  });
});
