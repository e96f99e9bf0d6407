import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { sessionRequired } from '../http/access.js';
import { requireViewer } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { serveCall } from '../http/route-table.js';
import { issueTicket } from './tickets.js';

/** POST /api/connectws (spec §7): the ticket the browser opens /ws?d={data}&t={token} with. */
export const realtimeRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'POST /connectws', { onRequest: sessionRequired }, async (request) =>
      ok(await issueTicket(ctx.db, requireViewer(request))),
    );
  };
