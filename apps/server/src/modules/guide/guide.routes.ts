import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { getGuide } from './guide.service.js';

/** The '10 joyas' guide: in every account, for logged-in users only (visitors are invited to register). */
export const guideRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'GET /guia', {}, async (request) => {
      requireViewer(request);
      return ok(await getGuide(ctx));
    });
  };
