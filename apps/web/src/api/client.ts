import { HTTP_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER } from '@nomadas/shared';
import type { ApiCallName, CallResult } from '@nomadas/shared/api';
import { noteReadBeforeWorker } from '../pwa/readsBeforeWorker';
import { session } from '../session/session';
import { callRequest, type CallArgs, type CallRequest } from './callRequest';

export interface RequestOptions {
  /** Defaults to HTTP_TIMEOUT_MS (20 s). */
  timeoutMs?: number;
  /** An outside signal (TanStack Query's, an effect's) that also cancels the call. */
  signal?: AbortSignal;
  /** Lets the request outlive the page (tracking sent while navigating away). */
  keepalive?: boolean;
  /** A 401 answers false without closing the session (the logout call itself). */
  keepSessionOn401?: boolean;
  /** Told the HTTP status of an answer that came (find tells a 404 from no answer at all). */
  onStatus?: (status: number) => void;
  /** The write's client id: a retry with the same one takes effect once (IDEMPOTENCY_KEY_HEADER). */
  idempotencyKey?: string;
}

/** Anything the API answers: the envelope, or login's flat shape; both carry `state`. */
type Answer = { state: 'OK' | 'KO'; msg?: string };

/**
 * What a call resolves to: the server's answer (state OK, or KO with its Spanish msg for 400, 403, 429...),
 * or `false` when there is nothing to show: network failure, time-out, cancellation, a non-JSON answer,
 * HTTP 404 (swallowed, spec §8) and HTTP 401 (the session is closed first). It never throws.
 */
export type ApiResult<R> = R | false;

/**
 * The one reading of an HTTP answer, shared by fetch calls and XHR uploads: 401 closes the session,
 * 404 is swallowed, a body without `state` is nothing, and a failing status is a KO whatever the body says.
 */
export function interpretAnswer<R>(
  status: number,
  body: unknown,
  { keepSessionOn401 = false }: { keepSessionOn401?: boolean } = {},
): ApiResult<R> {
  if (status === 401) {
    if (!keepSessionOn401) session.logout('unauthorized');
    return false;
  }
  if (status === 404) return false;
  const answer = body as Partial<Answer> | null;
  if (answer?.state !== 'OK' && answer?.state !== 'KO') return false;
  return (status >= 200 && status < 300 ? answer : { ...answer, state: 'KO' }) as R;
}

async function request<R>(
  { method, url, body, json }: CallRequest,
  options: RequestOptions = {},
): Promise<ApiResult<R>> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const abortFromOutside = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromOutside, { once: true });
  if (options.signal?.aborted) controller.abort();

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json) headers['Content-Type'] = 'application/json';
  const token = session.getToken();
  if (token) headers['API-TOKEN'] = token;
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;

  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
      keepalive: options.keepalive,
    });
    options.onStatus?.(response.status);
    const answer: unknown = response.status === 401 ? null : await response.json().catch(() => null);
    if (method === 'GET' && response.ok) noteReadBeforeWorker(url);
    return interpretAnswer<R>(response.status, answer, options);
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', abortFromOutside);
  }
}

/**
 * Calls the product API by a call's name in the route table (packages/shared/src/api), which types its
 * parameters, query, body and answer: same origin under /api, token in API-TOKEN, credentials included.
 */
export function call<K extends ApiCallName>(
  name: K,
  ...[input, options]: CallArgs<K, RequestOptions>
): Promise<ApiResult<CallResult<K>>> {
  return request<CallResult<K>>(callRequest(name, input), options);
}

/**
 * A GET of one thing by its address (a profile, a channel, a place...): as call, but `null` when the server
 * says there is no such thing (404), told apart from no answer at all (`false`: network, time-out).
 */
export async function find<K extends ApiCallName>(
  name: K,
  ...[input, options]: CallArgs<K, RequestOptions>
): Promise<ApiResult<CallResult<K>> | null> {
  let missing = false;
  const answer = await request<CallResult<K>>(callRequest(name, input), {
    ...options,
    onStatus: (status) => (missing = status === 404),
  });
  return missing ? null : answer;
}

/** A GET of the API read again by its URL (one the first visit made before the service worker was in control). */
export function readAgain(url: string): Promise<ApiResult<Answer>> {
  return request<Answer>({ method: 'GET', url, body: undefined, json: false });
}

/** Narrows a result to a successful answer. */
export function isOk<R extends Answer>(result: ApiResult<R>): result is R & { state: 'OK' } {
  return result !== false && result.state === 'OK';
}
