import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppRoute, type PublicSettings } from '@nomadas/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { renderHead, renderJsonScript, type PageMeta, type PageMetaResolver } from './page-meta.js';

const safeDecode = (value: string) => {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
};

const HEAD_SLOT = '<!--app-head-->';
const CONFIG_SLOT = '<!--app-config-->';

/**
 * Serves the built web app: hashed assets with immutable caching, and index.html (with the page's
 * meta and the public settings written in) for every app route; unknown paths get it with a 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  ctx: AppContext,
  distDir: string,
  metaResolvers: PageMetaResolver[] = [],
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const { config } = ctx;
  const settings: PublicSettings = {
    siteName: config.siteName,
    sitePhone: config.sitePhone,
    contactEmail: config.contactEmail,
    professionalsUrl: config.professionalsUrl,
    analyticsUrl: config.analyticsUrl ?? null,
    publicUrl: config.publicUrl,
  };
  const configScript = renderJsonScript('app-settings', settings);
  const defaultMeta: PageMeta = {
    title: `${config.siteName} · la red social de los nómadas en autocaravana`,
    description:
      'Comparte tus rutas en autocaravana, encuentra áreas de pernocta y conoce a otros nómadas que viajan como tú.',
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
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!template || looksLikeFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const meta = await metaFor(pathname);
    const html = template
      .replace(HEAD_SLOT, renderHead(meta, config.siteName))
      .replace(CONFIG_SLOT, configScript);
    return reply
      .status(isAppRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.setNotFoundHandler(sendApp);
}
