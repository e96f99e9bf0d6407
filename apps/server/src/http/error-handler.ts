import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@nomadas/shared';
import { catalogueMessage, clientErrorMessage } from './client-errors.js';
import { ApiError } from './errors.js';
import { ko } from './envelope.js';
import { isServiceUnavailable } from '../lib/unavailable.js';

/** Turns every error into the envelope; bad input is a 400 with a Spanish msg, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).headers(error.headers).send(ko(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(ko(catalogueMessage(error.validation[0]?.message)));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's and plugins' own client errors: body too large, wrong content type...
      const msg = clientErrorMessage(status, (error as { code?: string }).code);
      return reply.status(status).send(ko(msg));
    }
    if (isServiceUnavailable(error)) {
      // The database or Redis is restarting: a retry in a moment will work, so say so (and not as a bug).
      request.log.warn({ err: error }, 'backing service unavailable');
      return reply.status(503).header('retry-after', '5').send(ko(MSG.serviceUnavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(ko(MSG.serverError));
  });
}
