import type { FastifyRequest } from 'fastify';
import { WS_PATH } from '@nomadas/shared';

const REDACTED = '[redactado]';
/** Paths whose last segment is a one-time code: activation, recovery, e-mail change and export download links. */
const CODE_PATH = /\/(verificar|nuevopass|perfil\/email|perfil\/export)\/[^/?#]+/g;
/** Query parameters that carry a secret: the socket's ticket (`d` and `t`) and any code, token or ticket. */
const SECRET_PARAM = /(^|&)(code|token|ticket)=[^&#]*/gi;
const TICKET_PARAM = /(^|&)(d|t)=[^&#]*/g;

/** Codes and tickets travel in URLs (links in mails, the socket's ticket); logs must not keep them. */
export function redactCodes(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(CODE_PATH, `/$1/${REDACTED}`);
  if (queryAt < 0) return redactedPath;
  let query = url.slice(queryAt + 1).replace(SECRET_PARAM, `$1$2=${REDACTED}`);
  if (path === WS_PATH) query = query.replace(TICKET_PARAM, `$1$2=${REDACTED}`);
  return `${redactedPath}?${query}`;
}

/** pino options: tokens redacted from headers, codes and tickets from URLs. */
export const loggerOptions = (level: string) => ({
  level,
  redact: ['req.headers["api-token"]', 'req.headers.authorization', 'req.headers.cookie'],
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactCodes(request.url),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
});
