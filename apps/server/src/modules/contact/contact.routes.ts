import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBody } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { sendContactMessage } from './contact.service.js';

export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/contacto', { schema: { body: jsonBody(contactBody) } }, async (request) => {
      const sender = { ip: request.ip, userId: request.viewer?.id ?? null };
      return ok(undefined, await sendContactMessage(ctx, request.body, sender));
    });
  };
