import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventBody, pathVisitBody } from '@nomadas/shared/schemas';
import { okMessage } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { answering } from '../../http/answers.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { insertEvent, insertPathVisit } from './tracking.queries.js';

/** Anonymous product analytics: which paths are visited and which events happen. No IP or user is kept. */
export const trackingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const done = answering(okMessage);

    app.post('/trc/path', { schema: { body: jsonBody(pathVisitBody), response: done } }, async (request) => {
      await insertPathVisit(ctx.db, request.body.p, request.body.br);
      return ok();
    });

    app.post('/sev', { schema: { body: jsonBody(eventBody), response: done } }, async (request) => {
      await insertEvent(ctx.db, request.body.e);
      return ok();
    });
  };
