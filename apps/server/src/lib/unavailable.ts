/*
 * Errors that say "a backing service is unreachable right now", not "this request is wrong" or "our
 * code is wrong": the database, Redis or the media bucket restarting, refusing connections or failing, or a
 * pool that cannot get a connection. The error handler answers them with a 503 the client may retry, instead of a 500.
 */

/** Socket-level failures, as Node reports them (node-postgres, postgres.js and ioredis pass them on). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** postgres.js's own codes for a connection that could not be made or was lost, and our pool's wait. */
const DRIVER_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'POOL_ACQUIRE_TIMEOUT',
]);

/** node-postgres and ioredis say it only in words. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  'is not queryable',
  'Reached the max retries per request limit',
];

const isSqlStateUnavailable = (code: string) =>
  // Class 08: connection exception. 57P01–57P03: admin/crash shutdown, cannot connect now (starting up).
  /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';

export function isServiceUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, errno, message, name } = current as {
      code?: unknown;
      errno?: unknown;
      message?: unknown;
      name?: unknown;
    };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || DRIVER_CODES.has(code) || isSqlStateUnavailable(code))
    )
      return true;
    if (typeof errno === 'string' && NETWORK_CODES.has(errno)) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    // Our own: the embedded database's session stayed busy past its acquire timeout.
    if ((current as { statusCode?: unknown }).statusCode === 503) return true;
    // The media bucket answering 5xx (S3's SlowDown, InternalError) after the AWS SDK's own retries.
    if (((current as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0) >= 500)
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text)))
      return true;
    // AggregateError (several addresses refused) and wrapped causes.
    const nested = (current as { errors?: unknown[] }).errors?.[0] ?? (current as { cause?: unknown }).cause;
    current = nested;
  }
  return false;
}
