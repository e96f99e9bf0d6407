import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame-ancestors…) on pages, files and media. Built once: @fastify/helmet
 * builds and parses the whole policy again on each request, about 5 % of a wall request's CPU.
 *
 * A JSON answer gets what OWASP's REST Security Cheat Sheet asks of an API instead: never framed, sniffed or
 * cached, HTTPS only, and a policy that allows nothing should it be opened as a page. The page's own headers
 * (its CSP, COOP, Origin-Agent-Cluster…) mean nothing on JSON; they made every API answer's head 460 bytes
 * longer (928 → 468), and setting them cost a light call (the badge's poll) a fifth of its throughput.
 */
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/** The API's JSON calls: everything under /api/ but its documentation, which is a page. */
const isJsonCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The map's tile server (`https://{s}.tile.example.org/...` → `https://*.tile.example.org`). */
export function tileOrigin(tileUrl: string): string {
  const [, scheme, host] = /^(https?:\/\/)([^/]+)/.exec(tileUrl)!;
  return scheme + host!.replace(/\{[^}]+\}/g, '*');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  // Photos and videos load from the media's CDN when there is one (MEDIA_PUBLIC_URL).
  const mediaPublicUrl = config.mediaBucket?.publicUrl;
  const mediaOrigins = mediaPublicUrl ? [new URL(mediaPublicUrl).origin] : [];
  const { mapBase } = config;
  const rasterOrigins = mapBase.kind === 'raster' ? [tileOrigin(mapBase.url)] : [];
  const archiveOrigins =
    mapBase.kind === 'pmtiles' && /^https?:/.test(mapBase.url) ? [new URL(mapBase.url).origin] : [];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.analyticsUrl ? [new URL(config.analyticsUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...rasterOrigins, ...mediaOrigins],
        // The socket on our own origin only (`'self'` alone does not cover ws: in every browser); an operator's
        // PMTiles extract, read with fetch.
        connectSrc: ["'self'", config.publicUrl.replace(/^http/, 'ws'), ...archiveOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isJsonCall(request.url)) {
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
      return;
    }
    for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
}
