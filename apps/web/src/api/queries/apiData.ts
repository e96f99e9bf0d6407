import type { ApiEnvelope } from '@nomadas/shared';
import { readJsonScript } from '../../serverData';
import { session } from '../../session/session';
import type { ApiResult } from '../client';

/** A call that did not answer OK: KO with the server's Spanish msg, or no answer at all (network, 404, 401). */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(readonly serverMsg: string | undefined) {
    super(serverMsg ?? 'API call failed');
  }
}

/** The `data` of an OK answer. TanStack Query needs a failure to throw; a call never does, so this turns it. */
export async function dataOf<T>(call: Promise<ApiResult<ApiEnvelope<T>>>): Promise<T> {
  const answer = await call;
  if (answer === false || answer.state !== 'OK')
    throw new ApiFailure(answer === false ? undefined : answer.msg);
  return answer.data as T;
}

/**
 * The `data` of one thing looked up with find, or null when there is no such thing (404). No answer at
 * all throws like a KO does: the screen then offers to try again rather than saying the thing does not exist.
 */
export async function foundData<T>(call: Promise<ApiResult<ApiEnvelope<T>> | null>): Promise<T | null> {
  const answer = await call;
  if (answer === null) return null;
  return dataOf(Promise.resolve(answer));
}

/**
 * An answer the server wrote into the page as a visitor would get it (`/muro`'s and a channel's first page),
 * taken once: a later visit asks the server. A logged-in reader leaves it: their answer carries their own flags.
 */
export function takeVisitorAnswer<T>(scriptId: string): T | undefined {
  if (session.getToken()) return undefined;
  return readJsonScript<T>(scriptId, { once: true });
}
