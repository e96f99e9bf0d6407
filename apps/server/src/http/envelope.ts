import type { KoEnvelope } from '@nomadas/shared/answers';

/** An OK answer, typed as precisely as the route schemas' answers (http/answers.ts) so drift fails to compile. */
export function ok(): { state: 'OK' };
export function ok(data: undefined, msg: string): { state: 'OK'; msg: string };
export function ok<T>(data: T, msg?: string): { state: 'OK'; msg?: string; data: T };
export function ok<T>(data?: T, msg?: string): { state: 'OK'; msg?: string; data?: T } {
  const answer: { state: 'OK'; msg?: string; data?: T } = { state: 'OK' };
  if (msg !== undefined) answer.msg = msg;
  if (data !== undefined) answer.data = data;
  return answer;
}

export function ko(msg: string): KoEnvelope {
  return { state: 'KO', msg };
}
