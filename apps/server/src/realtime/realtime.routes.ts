import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEnvelope, socketTicketSchema } from '@nomadas/shared/answers';
import type { AppContext } from '../context.js';
import { sessionRequired } from '../http/access.js';
import { answering } from '../http/answers.js';
import { requireViewer } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { issueTicket } from './tickets.js';

/** POST /api/connectws (spec §7): the ticket the browser opens /ws?d={data}&t={token} with. */
export const realtimeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/connectws',
      { onRequest: sessionRequired, schema: { response: answering(okEnvelope(socketTicketSchema)) } },
      async (request) => ok(await issueTicket(ctx.db, requireViewer(request))),
    );
  };
