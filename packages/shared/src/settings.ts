/** Runtime settings the server hands to the browser inside index.html. */
export interface PublicSettings {
  siteName: string;
  sitePhone: string;
  contactEmail: string;
  professionalsUrl: string;
  analyticsUrl: string | null;
  publicUrl: string;
  /** What the map draws under its places; absent (under `vite dev`), OpenStreetMap's raster tiles. */
  mapBase?: MapBase;
}

/**
 * The map's base: raster tiles (`{z}/{x}/{y}`), or vector tiles in one PMTiles archive read with range requests,
 * either the app's own (`nomadas` layers: earth, boundaries, places) or an operator's Protomaps extract
 * (`protomaps` basemap layers). `attribution` is the HTML its sources require.
 */
export type MapBase =
  | { kind: 'raster'; url: string; attribution: string }
  | { kind: 'pmtiles'; url: string; attribution: string; schema: 'nomadas' | 'protomaps' };

/** OpenStreetMap's raster tiles: the base when MAP_TILE_URL is set without an attribution, or nothing else is. */
export const RASTER_MAP_DEFAULT = {
  kind: 'raster',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
} as const satisfies MapBase;

/** Where the server serves its own base map archive (MAP_PMTILES_FILE). */
export const BASE_MAP_PATH = '/map/base.pmtiles';

/** What each base's sources require to be shown. */
export const BASE_MAP_ATTRIBUTIONS = {
  nomadas:
    '<a href="https://www.naturalearthdata.com">Natural Earth</a> · <a href="https://github.com/martgnz/es-atlas">IGN (es-atlas)</a> · <a href="https://www.geonames.org">GeoNames</a> (CC BY 4.0)',
  protomaps:
    '<a href="https://protomaps.com">Protomaps</a> &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
} as const;

/**
 * What the operator's variables default to (SITE_NAME, SITE_PHONE, CONTACT_EMAIL, PROFESSIONALS_URL):
 * the server's config and the browser under `vite dev` (no settings in the page) read the same values.
 */
export const PUBLIC_SETTINGS_DEFAULTS = {
  siteName: 'nómadas.tv',
  sitePhone: '+34 900 000 000',
  contactEmail: 'contacto@nomadas.tv',
  professionalsUrl: 'https://profesionales.nomadas.tv',
} as const satisfies Partial<PublicSettings>;
