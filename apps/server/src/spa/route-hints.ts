import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The screen chunk each app route shows (apps/web/src/app/routes.tsx), by its chunk name, and any chunk the
 * screen loads at once by itself (the map's engine). A route missing here only loses its hints: the app still
 * loads the screen itself.
 */
const SCREEN_OF_ROUTE: ReadonlyArray<readonly [RegExp, string | readonly string[]]> = [
  [/^\/$/, 'landing'],
  [/^\/(muro(\/[^/]+)?|tags\/[^/]+)\/?$/, 'muro'],
  [/^\/contacto\/?$/, 'contacto'],
  [/^\/mapa\/?$/, ['mapa', 'MapView']],
  [/^\/mapa\/location\/[^/]+\/?$/, 'mapaLocation'],
  [/^\/perfil\/?$/, 'miPerfil'],
  [/^\/perfil\/[^/]+\/?$/, 'perfil'],
  [/^\/perfil\/email\/[^/]+\/?$/, 'confirmarEmail'],
  [/^\/canales\/?$/, 'canales'],
  [/^\/(canales|subscribe)\/[^/]+\/?$/, 'canal'],
  [/^\/canales\/[^/]+\/[^/]+\/?$/, 'VideoCanal'],
  [/^\/legal\/?$/, 'legal'],
  [/^\/nuevopass\/[^/]+\/?$/, 'nuevopass'],
  [/^\/verificar\/[^/]+\/?$/, 'verificar'],
  [/^\/premium\/?$/, 'premium'],
  [/^\/quienes_somos\/?$/, 'quienesSomos'],
  [/^\/moderacion\/?$/, 'moderacion'],
  [/^\/guia\/?$/, 'guia'],
  [/^\/primeros-pasos\/?$/, 'primerosPasos'],
];
const NOT_FOUND_SCREEN = '404';

/**
 * Returns the `<link>` tags that let the browser fetch a route's screen while it runs the entry: the preloads, for
 * the head, and the screen's style sheets, for the body (spa.routes.ts: in the head they would hold the first paint).
 */
export type RouteHints = (pathname: string, isAppRoute: boolean) => { head: string; sheets: string };

/** A module's own `<link>` tags for a page (e.g. the wall's first photos); '' for the paths it does not know. */
/** `cookies`: the request's Cookie header, for a hint that follows a choice the user made (the wall's view). */
export type HeadHintResolver = (pathname: string, cookies: string | undefined) => Promise<string>;

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * A page's largest image, fetched with the HTML rather than after the app, its screen and its API call.
 * Our images are WebP; the URL must be the one the screen's `<img>` asks for, or it is fetched twice.
 */
export const imagePreloadTags = (urls: string[]): string =>
  urls
    .filter(Boolean)
    .map((url) => imagePreloadTag(`href="${escapeAttribute(url)}"`))
    .join('\n    ');

/**
 * The same for images the screen draws from a `srcset`: the browser picks the candidate its `<source>` would,
 * given the same `srcset` and `sizes`.
 */
export const responsiveImagePreloadTags = (srcsets: string[], sizes: string): string =>
  srcsets
    .map((srcset) =>
      imagePreloadTag(`imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"`),
    )
    .join('\n    ');

const imagePreloadTag = (source: string) =>
  `<link rel="preload" as="image" type="image/webp" fetchpriority="high" ${source}>`;

function readManifest(distDir: string): Record<string, ManifestChunk> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Without hints a screen's code is found only after the entry has been downloaded and run, and its
 * imports only after that: three round trips in a row on a phone. With them, all arrive together.
 */
export function createRouteHints(distDir: string): RouteHints {
  const manifest = readManifest(distDir);
  if (!manifest) return () => ({ head: '', sheets: '' });

  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  // A chunk's imports' sheets, then its own: the order Vite's loader appends them in.
  const sheetsInCascadeOrder = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key) || !manifest[key]) return [];
    seen.add(key);
    const chunk = manifest[key];
    return [...(chunk.imports ?? []).flatMap((dep) => sheetsInCascadeOrder(dep, seen)), ...(chunk.css ?? [])];
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entryKey ? closure(entryKey) : new Set<string>();
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));

  const hintsByScreen = new Map<string, { scripts: string[]; sheets: string[] }>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.name) continue;
    const needed = [...closure(key)].filter((dep) => !loaded.has(dep));
    const scripts = needed.map(
      (dep) => `<link rel="modulepreload" crossorigin href="/${manifest[dep]!.file}">`,
    );
    // Linked, not only preloaded: a sheet the app adds after its first render makes the browser restyle and
    // lay out the whole page again (a 150–250 ms task at Lighthouse's 4× slowdown for each screen). Vite's
    // loader then finds each one in place and skips it. After the entry's sheet and each import's before its
    // importer's, in the order the loader would have added them, so the cascade is the same.
    const sheets = [...new Set(sheetsInCascadeOrder(key))]
      .filter((file) => !loadedCss.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    hintsByScreen.set(chunk.name, { scripts, sheets });
  }

  // The web font's Latin subset (all Spanish needs; the others are fetched only for text that uses them),
  // asked for with the page rather than once the stylesheet is applied: arriving after the first paint, it
  // swapped in and moved every line of text (the wall's layout shift on a phone).
  const fonts = (entryKey ? (manifest[entryKey]!.assets ?? []) : [])
    .filter((file) => /-latin-[^/]*\.woff2$/.test(file) && !file.includes('-latin-ext-'))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`);

  return (pathname, isAppRoute) => {
    const screens = isAppRoute
      ? SCREEN_OF_ROUTE.find(([pattern]) => pattern.test(pathname))?.[1]
      : NOT_FOUND_SCREEN;
    const hints = [screens ?? []].flat().flatMap((screen) => hintsByScreen.get(screen) ?? []);
    const scripts = hints.flatMap((hint) => hint.scripts);
    const sheets = hints.flatMap((hint) => hint.sheets);
    return {
      head: [...fonts, ...new Set(scripts)].join('\n    '),
      sheets: [...new Set(sheets)].join('\n    '),
    };
  };
}
