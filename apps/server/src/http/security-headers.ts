import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame-ancestors…) on every answer. Built once: @fastify/helmet
 * builds and parses the whole policy again on each request, about 5 % of a wall request's CPU.
 */
/** The map's tile server (`https://{s}.tile.example.org/...` → `https://*.tile.example.org`). */
export function tileOrigin(tileUrl: string): string {
  const [, scheme, host] = /^(https?:\/\/)([^/]+)/.exec(tileUrl)!;
  return scheme + host!.replace(/\{[^}]+\}/g, '*');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.analyticsUrl ? [new URL(config.analyticsUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.mapTileUrl)],
        // The socket on our own origin only (`'self'` alone does not cover ws: in every browser).
        connectSrc: ["'self'", config.publicUrl.replace(/^http/, 'ws')],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
