import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatsQuery } from '@nomadas/shared/schemas';
import { conversationsSchema, nchatsSchema, okEnvelope } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as chat from './chat.service.js';
import { registerChatFrames } from './chat.socket.js';

/** The chat calls of spec §7 (GET /chats, GET /view/nchats) and its socket frames. */
export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerChatFrames(ctx);

    app.get(
      '/chats',
      {
        onRequest: sessionRequired,
        schema: { querystring: chatsQuery, response: answering(okEnvelope(conversationsSchema)) },
      },
      async (request) => ok(await chat.listChats(ctx, requireViewer(request), request.query)),
    );

    app.get(
      '/view/nchats',
      { onRequest: sessionRequired, schema: { response: answering(okEnvelope(nchatsSchema)) } },
      async (request) => ok(await chat.markOfficialChatsSeen(ctx, requireViewer(request))),
    );
  };
