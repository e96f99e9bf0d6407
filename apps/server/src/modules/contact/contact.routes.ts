import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { limitedBy } from '../../http/write-limits.js';
import { sendContactMessage } from './contact.service.js';

export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'POST /contacto', { onRequest: limitedBy(ctx, 'contactIp', 'ip') }, async (request) =>
      ok(undefined, await sendContactMessage(ctx, request.body, { userId: request.viewer?.id ?? null })),
    );
  };
