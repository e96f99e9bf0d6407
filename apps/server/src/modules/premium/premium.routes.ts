import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { requireModerator } from '../moderation/moderation.service.js';
import * as premium from './premium.service.js';

/** Premium's "Avísame" list until Premium can be bought (issue #33), and the moderators' view of it. */
export const premiumRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'GET /premium/interest', {}, async (request) =>
      ok(await premium.getInterest(ctx, requireViewer(request))),
    );

    serveCall(app, 'POST /premium/interest', {}, async (request) => {
      const { data, msg } = await premium.registerInterest(ctx, requireViewer(request));
      return ok(data, msg);
    });

    serveCall(
      app,
      'GET /moderacion/premium',
      { onRequest: async (request) => requireModerator(ctx, requireViewer(request)) },
      async () => ok(await premium.listInterest(ctx)),
    );
  };
