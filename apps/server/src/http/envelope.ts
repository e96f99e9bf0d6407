import type { ApiEnvelope } from '@nomadas/shared';

export function ok<T>(data?: T, msg?: string): ApiEnvelope<T> {
  const answer: ApiEnvelope<T> = { state: 'OK' };
  if (msg !== undefined) answer.msg = msg;
  if (data !== undefined) answer.data = data;
  return answer;
}

export function ko(msg: string): ApiEnvelope<never> {
  return { state: 'KO', msg };
}
