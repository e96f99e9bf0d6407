import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBody } from '@nomadas/shared/schemas';
import { okMessage } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { answering } from '../../http/answers.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { limitedBy } from '../../http/write-limits.js';
import { sendContactMessage } from './contact.service.js';

export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/contacto',
      {
        onRequest: limitedBy(ctx, 'contactIp', 'ip'),
        schema: { body: jsonBody(contactBody), response: answering(okMessage) },
      },
      async (request) =>
        ok(undefined, await sendContactMessage(ctx, request.body, { userId: request.viewer?.id ?? null })),
    );
  };
