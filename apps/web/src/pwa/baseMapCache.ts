/**
 * The base map kept offline (#31): the app's own PMTiles archive, whole, under its versioned URL in a cache of
 * its own. The page saves and removes it (api/offlineBaseMap.ts); the service worker answers the archive's
 * ranges from it (sw.ts).
 */
export const BASE_MAP_CACHE = 'nomadas-basemap';
