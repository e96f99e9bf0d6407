/**
 * A first visit reads before the service worker controls the page (it is registered after the first paint), so
 * nothing of that visit lands in the worker's caches and the screen just read would be empty offline. The API
 * client notes its reads until a worker is in control; the worker's registration reads them again through it
 * (serviceWorker.ts), the photos too. Only on that first visit: a page a worker controls notes nothing.
 */

/** At most this many of a first visit's reads are noted: a first screen makes a handful. */
const MAX_NOTED = 40;
const noted = new Set<string>();

/** A GET of the API that answered OK before any worker controlled this page. */
export function noteReadBeforeWorker(url: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller || noted.size >= MAX_NOTED) return;
  noted.add(url);
}

/** The reads noted so far, forgotten as they are taken. */
export function takeReadsBeforeWorker(): string[] {
  const reads = [...noted];
  noted.clear();
  return reads;
}

/** At most this many photos of the first visit are kept. */
const MAX_PHOTOS = 60;

/** The photos (/media/…) this page has shown so far, as the browser's resource timing lists them. */
export function photosShown(): string[] {
  const shown = performance
    .getEntriesByType('resource')
    .filter((entry) => {
      const { initiatorType, name } = entry as PerformanceResourceTiming;
      return (
        (initiatorType === 'img' || initiatorType === 'link') && new URL(name).pathname.startsWith('/media/')
      );
    })
    .map((entry) => entry.name);
  return [...new Set(shown)].slice(0, MAX_PHOTOS);
}
