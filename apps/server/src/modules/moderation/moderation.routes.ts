import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { moderationActionBody, moderationQuery, postActionParams } from '@nomadas/shared/schemas';
import { moderationPageSchema, okEnvelope, okMessage } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import * as moderation from './moderation.service.js';

/** The moderation queue: posts hidden by reports, reviewed by users with the moderator role. */
export const moderationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // 401 without a session, 403 for anyone but a moderator: both before the input is even validated.
    const moderatorsOnly = async (request: FastifyRequest) => {
      await moderation.requireModerator(ctx, requireViewer(request));
    };

    app.get(
      '/moderacion',
      {
        onRequest: moderatorsOnly,
        schema: { querystring: moderationQuery, response: answering(okEnvelope(moderationPageSchema)) },
      },
      async (request) => ok(await moderation.listPending(ctx, request.query)),
    );

    app.post(
      '/moderacion/:posturl',
      {
        onRequest: moderatorsOnly,
        schema: {
          params: postActionParams,
          body: jsonBody(moderationActionBody),
          response: answering(okMessage),
        },
      },
      async (request) => {
        const msg = await moderation.reviewPost(
          ctx,
          requireViewer(request),
          request.params.posturl,
          request.body.action,
        );
        return ok(undefined, msg);
      },
    );
  };
