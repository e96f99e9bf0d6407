import { MSG } from '@nomadas/shared';

/** An error that becomes the envelope `{state: 'KO', msg}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string = MSG.invalidInput) => new ApiError(400, msg);
export const unauthorized = () => new ApiError(401, MSG.sessionRequired);
export const forbidden = () => new ApiError(403, MSG.forbidden);
export const notFound = () => new ApiError(404, MSG.notFound);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, MSG.tooManyRequests, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
