import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@nomadas/shared';
import { ApiError } from './errors.js';
import { ko } from './envelope.js';

/** Turns every error into the envelope; bad input is a 400 with a Spanish msg, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).headers(error.headers).send(ko(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(ko(error.validation[0]?.message ?? MSG.invalidInput));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type...
      const msg =
        status === 413 ? 'El archivo es demasiado grande' : status === 404 ? MSG.notFound : MSG.invalidInput;
      return reply.status(status).send(ko(msg));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(ko(MSG.serverError));
  });
}
