import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import * as profiles from './profiles.service.js';

/** People: public profiles, friends, followers and following (spec §7 perfil, friends, follows). */
export const profilesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'GET /perfil/:username', {}, async (request) =>
      ok(await profiles.publicProfile(ctx, request.viewer, request.params.username)),
    );

    serveCall(app, 'GET /friends', { onRequest: sessionRequired }, async (request) =>
      ok(await profiles.friends(ctx, requireViewer(request))),
    );

    serveCall(app, 'GET /follows/:username', {}, async (request) =>
      ok(await profiles.followsLists(ctx, request.viewer, request.params.username, request.query)),
    );
  };
