import type { ApiEnvelope } from '@nomadas/shared';
import type { ApiResult } from '../client';
import { ApiFailure } from './apiData';

/** The `msg` of an OK answer that carries no data; a KO (or no answer) throws, as TanStack Query expects. */
export async function messageOf(call: Promise<ApiResult<ApiEnvelope>>): Promise<string | undefined> {
  const answer = await call;
  if (answer === false || answer.state !== 'OK')
    throw new ApiFailure(answer === false ? undefined : answer.msg);
  return answer.msg;
}
