import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, okEnvelope, type Health } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { answering } from '../../http/answers.js';
import { ok } from '../../http/envelope.js';
import { pingDatabase } from './health.queries.js';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', { schema: { response: answering(okEnvelope(healthSchema)) } }, async () => {
      await pingDatabase(ctx.db);
      // Scripts that need the whole demo (screenshots, Lighthouse) wait for `demo: 'ready'`.
      return ok<Health>({ demo: ctx.demo.preparing ? 'preparing' : 'ready' });
    });
  };
