import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import * as search from './search.service.js';

export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Visitors search too (spec §6).
    serveCall(app, 'GET /search/all/:text', {}, async (request) =>
      ok(await search.searchAll(ctx, request.params.text, request.query.scope)),
    );
  };
