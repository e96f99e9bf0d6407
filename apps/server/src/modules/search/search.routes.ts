import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchParams } from '@nomadas/shared/schemas';
import { okEnvelope, searchResultsSchema } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { answering } from '../../http/answers.js';
import { ok } from '../../http/envelope.js';
import * as search from './search.service.js';

export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Visitors search too (spec §6).
    app.get(
      '/search/all/:text',
      { schema: { params: searchParams, response: answering(okEnvelope(searchResultsSchema)) } },
      async (request) => ok(await search.searchAll(ctx, request.params.text)),
    );
  };
