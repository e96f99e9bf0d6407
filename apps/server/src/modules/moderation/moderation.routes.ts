import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import * as moderation from './moderation.service.js';

/** The moderation queue: posts hidden by reports, reviewed by users with the moderator role. */
export const moderationRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // 401 without a session, 403 for anyone but a moderator: both before the input is even validated.
    const moderatorsOnly = async (request: FastifyRequest) => {
      await moderation.requireModerator(ctx, requireViewer(request));
    };

    serveCall(app, 'GET /moderacion', { onRequest: moderatorsOnly }, async (request) =>
      ok(await moderation.listPending(ctx, request.query)),
    );

    serveCall(app, 'POST /moderacion/:posturl', { onRequest: moderatorsOnly }, async (request) => {
      const msg = await moderation.reviewPost(
        ctx,
        requireViewer(request),
        request.params.posturl,
        request.body.action,
      );
      return ok(undefined, msg);
    });
  };
