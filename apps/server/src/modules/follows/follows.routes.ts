import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usernameParams } from '@nomadas/shared/schemas';
import { followStateSchema, okEnvelope, recommendedUserSchema } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as follows from './follows.service.js';

export const followsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const action = {
      onRequest: sessionRequired,
      schema: { params: usernameParams, response: answering(okEnvelope(followStateSchema)) },
    };

    app.post('/follow/user/:username', action, async (request) =>
      ok(await follows.follow(ctx, requireViewer(request), request.params.username)),
    );

    app.post('/quitfollow/:username', action, async (request) =>
      ok(await follows.unfollow(ctx, requireViewer(request), request.params.username)),
    );

    app.get(
      '/perfil_recomendados',
      { schema: { response: answering(okEnvelope(z.array(recommendedUserSchema))) } },
      async (request) => ok(await follows.recommendedUsers(ctx, request.viewer)),
    );
  };
