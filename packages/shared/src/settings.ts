/** Runtime settings the server hands to the browser inside index.html. */
export interface PublicSettings {
  siteName: string;
  sitePhone: string;
  contactEmail: string;
  professionalsUrl: string;
  analyticsUrl: string | null;
  publicUrl: string;
  /** Raster tiles of the map (`{z}/{x}/{y}`), and the attribution they require (HTML). Defaults: OpenStreetMap. */
  mapTileUrl?: string;
  mapTileAttribution?: string;
}

/**
 * What the operator's variables default to (SITE_NAME, SITE_PHONE, CONTACT_EMAIL, PROFESSIONALS_URL):
 * the server's config and the browser under `vite dev` (no settings in the page) read the same values.
 */
export const PUBLIC_SETTINGS_DEFAULTS = {
  siteName: 'nómadas.tv',
  sitePhone: '+34 900 000 000',
  contactEmail: 'contacto@nomadas.tv',
  professionalsUrl: 'https://profesionales.nomadas.tv',
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapTileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
} as const satisfies Partial<PublicSettings>;
