import type { FastifyPluginAsync } from 'fastify';
import type { Health } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { pingDatabase } from './health.queries.js';
import { checkReadiness } from './readiness.js';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'GET /health', {}, async () => {
      await pingDatabase(ctx.db);
      // Scripts that need the whole demo (screenshots, Lighthouse) wait for `demo: 'ready'`.
      return ok<Health>({ demo: ctx.demo.preparing ? 'preparing' : 'ready' });
    });

    serveCall(app, 'GET /health/live', {}, async () => ok());

    serveCall(app, 'GET /health/ready', {}, async (_request, reply) => {
      const { readiness, failure } = await checkReadiness(ctx.db, ctx.instance);
      if (failure === undefined) return ok(readiness);
      return reply.code(503).send({ state: 'KO', msg: failure, data: readiness });
    });
  };
