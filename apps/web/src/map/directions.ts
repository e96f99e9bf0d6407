/** The navigation apps "Cómo llegar" offers (issue #32). */
export const NAV_APPS = ['google', 'apple', 'waze', 'osm'] as const;
export type NavApp = (typeof NAV_APPS)[number];

/** localStorage key of the app the user chose (documented in docs/architecture.md, The map). */
export const NAV_APP_KEY = 'nomadas_nav_app';

/** Directions from wherever the user is to a point, in each app's own link (they open the app on phones). */
export function directionsUrl(app: NavApp, lat: number, lng: number): string {
  const at = `${lat},${lng}`;
  switch (app) {
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(at)}&travelmode=driving`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${encodeURIComponent(at)}&dirflg=d`;
    case 'waze':
      return `https://waze.com/ul?ll=${encodeURIComponent(at)}&navigate=yes`;
    case 'osm':
      return `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=%3B${lat}%2C${lng}#map=14/${lat}/${lng}`;
  }
}

const isNavApp = (value: unknown): value is NavApp => (NAV_APPS as readonly unknown[]).includes(value);

/** The app remembered on this device, or null the first time (or when storage is off). */
export function rememberedNavApp(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage) {
  try {
    const value = storage?.getItem(NAV_APP_KEY);
    return isNavApp(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberNavApp(
  app: NavApp,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(NAV_APP_KEY, app);
  } catch {
    // Private mode: it asks again next time.
  }
}
