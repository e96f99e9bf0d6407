/** The answer of every API call (DESIGN.md §3). */
export type ApiState = 'OK' | 'KO';

export interface ApiEnvelope<T = unknown> {
  state: ApiState;
  msg?: string;
  data?: T;
}
