import type { FastifyRequest } from 'fastify';

/** One-time codes travel in paths (/verificar/{code}, /nuevopass/{code}); logs must not keep them. */
export const redactCodes = (url: string) =>
  url.replace(/\/(verificar|nuevopass)\/[^/?#]+/g, '/$1/[redactado]');

/** pino options: tokens redacted from headers, codes from URLs. */
export const loggerOptions = (level: string) => ({
  level,
  redact: ['req.headers["api-token"]', 'req.headers.authorization'],
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactCodes(request.url),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
});
