import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', async () => {
      await sql`select 1`.execute(ctx.db);
      return ok();
    });
  };
