import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answerOnce } from '../../http/idempotency.js';
import { serveCall } from '../../http/route-table.js';
import * as follows from './follows.service.js';

export const followsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const action = { onRequest: sessionRequired };

    serveCall(app, 'POST /follow/user/:username', action, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => follows.follow(ctx, requireViewer(request), request.params.username, key),
        (state) => ok(state),
      ),
    );

    serveCall(app, 'POST /quitfollow/:username', action, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => follows.unfollow(ctx, requireViewer(request), request.params.username, key),
        (state) => ok(state),
      ),
    );

    serveCall(app, 'GET /perfil_recomendados', {}, async (request) =>
      ok(await follows.recommendedUsers(ctx, request.viewer)),
    );
  };
