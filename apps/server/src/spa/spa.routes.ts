import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PAGE_HEAD, isAppRoute, type PublicSettings } from '@nomadas/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { MEDIA_CACHE_CONTROL } from '../media/media-store.js';
import { sendMaybeGzipped } from '../http/prepared-json.js';
import { renderHead, renderJsonScript, type PageMeta, type PageMetaResolver } from './page-meta.js';
import { createRouteHints, type HeadHintResolver } from './route-hints.js';
import { ASSET_PATH, assetType, openSharedAsset, publishWebAssets } from './shared-assets.js';
import { STATIC_SHELL_STYLE, renderStaticShell } from './static-shell.js';

const safeDecode = (value: string) => {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
};

const HEAD_SLOT = '<!--app-head-->';
const CONFIG_SLOT = '<!--app-config-->';
const SHELL_SLOT = '<!--app-shell-->';
const HEAD_END = '</head>';
/**
 * Asked for afresh every time: the service worker, so a new version is found at once, and the bare shell it
 * precaches (checked there by its hash, apps/web/build/precacheIntegrity.ts).
 */
const REVALIDATED_FILES: ReadonlySet<string> = new Set(['sw.js', 'index.html']);
const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * The build's style sheets leave the head for the body, after the static shell (static-shell.ts): in the head they
 * hold the first paint until they arrive; in the body they hold nothing above them, and the app's module script
 * still waits for them before it runs, so the app never draws unstyled.
 */
function moveSheetsOutOfHead(template: string): { page: string; sheets: string[] } {
  const headEnd = template.indexOf(HEAD_END);
  const head = template.slice(0, headEnd);
  const sheets = (head.match(STYLESHEET_LINK) ?? []).map((tag) => tag.trim());
  return { page: head.replace(STYLESHEET_LINK, '') + template.slice(headEnd), sheets };
}

/**
 * Serves the built web app: hashed assets with immutable caching (another build's from the media store,
 * shared-assets.ts), and index.html (with the page's meta and the public settings written in) for every app
 * route; unknown paths get it with a 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  ctx: AppContext,
  distDir: string,
  metaResolvers: PageMetaResolver[] = [],
  hintResolvers: HeadHintResolver[] = [],
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile) ? moveSheetsOutOfHead(fs.readFileSync(indexFile, 'utf8')) : null;
  const template = built?.page ?? null;
  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The build writes Brotli and gzip copies of its text files (apps/web/build/precompress.ts).
      preCompressed: true,
      // Source maps stay private (the build keeps them out of dist/; this holds for any older build).
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The name it was asked by: a precompressed copy (`sw.js.br`) is revalidated as its file is.
        const revalidated = REVALIDATED_FILES.has(path.relative(distDir, filePath).replace(/\.(br|gz)$/, ''));
        reply.header(
          'cache-control',
          immutable ? MEDIA_CACHE_CONTROL : revalidated ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
    // Before the instance takes traffic: a tab of this build may ask any other instance for these.
    if (ctx.config.env === 'production') await publishWebAssets(ctx.media, distDir);
  }

  const routeHints = createRouteHints(distDir);
  const { config } = ctx;
  const settings: PublicSettings = {
    siteName: config.siteName,
    sitePhone: config.sitePhone,
    contactEmail: config.contactEmail,
    professionalsUrl: config.professionalsUrl,
    analyticsUrl: config.analyticsUrl ?? null,
    publicUrl: config.publicUrl,
    mapBase: config.mapBase,
  };
  const configScript = renderJsonScript('app-settings', settings);
  const defaultMeta: PageMeta = {
    title: PAGE_HEAD.title(config.siteName),
    description: PAGE_HEAD.description,
  };

  async function metaFor(pathname: string): Promise<PageMeta> {
    for (const resolve of metaResolvers) {
      const meta = await resolve(pathname);
      if (meta) return meta;
    }
    return defaultMeta;
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/') || pathname === '/api') throw notFound();
    const asset = ASSET_PATH.exec(pathname)?.[1];
    if (asset && (request.method === 'GET' || request.method === 'HEAD')) {
      const stream = await openSharedAsset(ctx.media, asset);
      if (stream)
        return reply.header('cache-control', MEDIA_CACHE_CONTROL).type(assetType(asset)).send(stream);
    }
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!template || looksLikeFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const appRoute = isAppRoute(pathname);
    const [meta, ...ownHints] = await Promise.all([
      metaFor(pathname),
      ...hintResolvers.map((resolve) => resolve(pathname, request.headers.cookie)),
    ]);
    // After the entry's own tags, so the entry is still the first thing the browser asks for.
    const screenHints = routeHints(pathname, appRoute);
    const hints = [screenHints.head, ...ownHints].filter(Boolean).join('\n    ');
    // The entry's sheet first, then the screen's: the order Vite's loader would have added them in.
    const sheets = [...built!.sheets, screenHints.sheets].filter(Boolean).join('\n    ');
    const html = template
      // Replacer functions: a string replacement would read `$&`, `$'`… in a post's text as patterns.
      .replace(HEAD_SLOT, () => `${renderHead(meta, config.siteName)}\n    ${STATIC_SHELL_STYLE}`)
      .replace(HEAD_END, () => (hints ? `  ${hints}\n  </head>` : HEAD_END))
      .replace(SHELL_SLOT, () => renderStaticShell(pathname, config.siteName))
      .replace(CONFIG_SLOT, () => (sheets ? `${sheets}\n    ${configScript}` : configScript));
    reply
      .status(appRoute && !meta.notFound ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    // The not-found handler is not a route, so @fastify/compress never sees it: a wall page with its
    // inline first page is some 10 KB, 3 KB gzipped.
    return sendMaybeGzipped(request, reply, html);
  }

  app.setNotFoundHandler(sendApp);
}
