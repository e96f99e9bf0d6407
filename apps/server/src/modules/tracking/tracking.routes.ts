import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { insertEvent, insertPathVisit } from './tracking.queries.js';

/** Anonymous product analytics: which paths are visited and which events happen. No IP or user is kept. */
export const trackingRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'POST /trc/path', {}, async (request) => {
      await insertPathVisit(ctx.db, request.body.p, request.body.br);
      return ok();
    });

    serveCall(app, 'POST /sev', {}, async (request) => {
      await insertEvent(ctx.db, request.body.e);
      return ok();
    });
  };
