import { BASE_MAP_PATH, type MapBase } from '@nomadas/shared';
import { BASE_MAP_CACHE } from '../pwa/baseMapCache';

/**
 * The base map saved with Spain's places (#31): only the app's own archive (same origin, ~1 MB), kept whole in
 * Cache Storage under its versioned URL; the service worker serves its ranges from there. An operator's extract
 * on another host (hundreds of MB) is not saved: the panel says the base map then needs signal.
 */
export function savableBaseMap(base: MapBase | undefined): string | null {
  if (base?.kind !== 'pmtiles' || typeof caches === 'undefined') return null;
  const url = new URL(base.url, location.href);
  return url.origin === location.origin && url.pathname === BASE_MAP_PATH ? url.href : null;
}

/** The archive's size in bytes before its download (a HEAD's Content-Length), or null when unknown. */
export async function baseMapSize(url: string): Promise<number | null> {
  try {
    const answer = await fetch(url, { method: 'HEAD' });
    const length = Number(answer.headers.get('Content-Length'));
    return answer.ok && length > 0 ? length : null;
  } catch {
    return null;
  }
}

/** The size of the archive saved under this URL, or null when it is not saved. */
export async function savedBaseMapSize(url: string): Promise<number | null> {
  const cache = await caches.open(BASE_MAP_CACHE);
  const saved = await cache.match(url);
  return saved ? (await saved.clone().blob()).size : null;
}

/** Saves the whole archive under its versioned URL and drops any older version. Throws when it cannot. */
export async function saveBaseMap(url: string): Promise<number> {
  const answer = await fetch(url, { cache: 'no-store' });
  if (answer.status !== 200) throw new Error(`base map: ${answer.status}`);
  const body = await answer.blob();
  const cache = await caches.open(BASE_MAP_CACHE);
  const headers = new Headers({ 'Content-Type': answer.headers.get('Content-Type') ?? 'application/octet-stream' });
  await cache.put(url, new Response(body, { headers }));
  for (const old of await cache.keys()) if (old.url !== url) await cache.delete(old);
  return body.size;
}

/** "Borrar": the saved archive goes with the places. */
export async function deleteBaseMap(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(BASE_MAP_CACHE);
}
