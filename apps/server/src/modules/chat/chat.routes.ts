import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import * as chat from './chat.service.js';
import { registerChatFrames } from './chat.socket.js';

/** The chat calls of spec §7 (GET /chats, GET /view/nchats) and its socket frames. */
export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    registerChatFrames(ctx);

    serveCall(app, 'GET /chats', { onRequest: sessionRequired }, async (request) =>
      ok(await chat.listChats(ctx, requireViewer(request), request.query)),
    );

    serveCall(app, 'GET /view/nchats', { onRequest: sessionRequired }, async (request) =>
      ok(await chat.markOfficialChatsSeen(ctx, requireViewer(request))),
    );
  };
