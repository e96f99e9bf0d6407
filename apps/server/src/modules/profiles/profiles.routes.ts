import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followsQuery, usernameParams } from '@nomadas/shared/schemas';
import { followsListsSchema, friendSchema, okEnvelope, publicProfileSchema } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as profiles from './profiles.service.js';

/** People: public profiles, friends, followers and following (spec §7 perfil, friends, follows). */
export const profilesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/perfil/:username',
      { schema: { params: usernameParams, response: answering(okEnvelope(publicProfileSchema)) } },
      async (request) => ok(await profiles.publicProfile(ctx, request.viewer, request.params.username)),
    );

    app.get(
      '/friends',
      { onRequest: sessionRequired, schema: { response: answering(okEnvelope(z.array(friendSchema))) } },
      async (request) => ok(await profiles.friends(ctx, requireViewer(request))),
    );

    app.get(
      '/follows/:username',
      {
        schema: {
          params: usernameParams,
          querystring: followsQuery,
          response: answering(okEnvelope(followsListsSchema)),
        },
      },
      async (request) =>
        ok(await profiles.followsLists(ctx, request.viewer, request.params.username, request.query)),
    );
  };
