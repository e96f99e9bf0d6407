import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { cheapestLpgNear } from './lpg-near.js';

/** The LPG prices (issue #32): the cheapest stations near a point. */
export const lpgPricesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'GET /map/glp', {}, async (request) => ok(await cheapestLpgNear(ctx, request.query)));
  };
