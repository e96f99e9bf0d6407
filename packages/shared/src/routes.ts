/** The browser's routes (spec §2), so the server can answer 404 for paths the app does not know. */
export const APP_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/mapa\/?$/,
  /^\/mapa\/location\/[^/]+\/?$/,
  /^\/perfil(\/[^/]+)?\/?$/,
  /^\/perfil\/email\/[^/]+\/?$/,
  /^\/legal\/?$/,
  /^\/nuevopass\/[^/]+\/?$/,
  /^\/canales(\/[^/]+){0,2}\/?$/,
  /^\/verificar\/[^/]+\/?$/,
  /^\/contacto\/?$/,
  /^\/premium\/?$/,
  /^\/muro(\/[^/]+)?\/?$/,
  /^\/tags\/[^/]+\/?$/,
  /^\/subscribe\/[^/]+\/?$/,
  /^\/mapitems\/areasac(\/[^/]+){0,2}\/?$/,
  /^\/quienes_somos\/?$/,
  /^\/moderacion\/?$/,
  /^\/guia\/?$/,
  /^\/primeros-pasos\/?$/,
  /^\/areas\/(astorga|ponferrada)\/?$/,
];

export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}

/** The two fixed obscure paths of spec §2 and the map locations they lead to. */
export const FIXED_MAP_REDIRECTS: Record<string, string> = {
  '/areas/astorga': '/mapa/location/area-autocaravanas-astorga',
  '/areas/ponferrada': '/mapa/location/area-autocaravanas-ponferrada',
};
