import { HTTP_TIMEOUT_MS, type ApiEnvelope } from '@nomadas/shared';
import { session } from '../session/session';

export interface RequestOptions {
  /** Defaults to HTTP_TIMEOUT_MS (20 s). */
  timeoutMs?: number;
  /** An outside signal (TanStack Query's, an effect's) that also cancels the call. */
  signal?: AbortSignal;
  /** Lets the request outlive the page (tracking sent while navigating away). */
  keepalive?: boolean;
  /** A 401 answers false without closing the session (the logout call itself). */
  keepSessionOn401?: boolean;
  /** Told the HTTP status of an answer that came (api.find tells a 404 from no answer at all). */
  onStatus?: (status: number) => void;
}

/** Anything the API answers: the envelope, or login's flat shape; both carry `state`. */
type Answer = { state: 'OK' | 'KO'; msg?: string };

/**
 * What a call resolves to: the server's answer (state OK, or KO with its Spanish msg for 400, 403, 429...),
 * or `false` when there is nothing to show: network failure, time-out, cancellation, a non-JSON answer,
 * HTTP 404 (swallowed, spec §8) and HTTP 401 (the session is closed first). It never throws.
 */
export type ApiResult<R extends Answer> = R | false;

/**
 * The one reading of an HTTP answer, shared by fetch calls and XHR uploads: 401 closes the session,
 * 404 is swallowed, a body without `state` is nothing, and a failing status is a KO whatever the body says.
 */
export function interpretAnswer<R extends Answer>(
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

async function request<R extends Answer>(
  method: 'GET' | 'POST',
  path: string,
  body: BodyInit | undefined,
  json: boolean,
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

  try {
    const response = await fetch(path.startsWith('/api/') ? path : `/api${path}`, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
      keepalive: options.keepalive,
    });
    options.onStatus?.(response.status);
    const answer: unknown = response.status === 401 ? null : await response.json().catch(() => null);
    return interpretAnswer<R>(response.status, answer, options);
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', abortFromOutside);
  }
}

/** Typed calls to the product API (same origin, /api prefix added, token in API-TOKEN, credentials included). */
export const api = {
  get<R extends Answer = ApiEnvelope>(path: string, options?: RequestOptions) {
    return request<R>('GET', path, undefined, false, options);
  },
  post<R extends Answer = ApiEnvelope>(path: string, body?: unknown, options?: RequestOptions) {
    const hasBody = body !== undefined;
    return request<R>('POST', path, hasBody ? JSON.stringify(body) : undefined, hasBody, options);
  },
  /**
   * GET of one thing by its address (a profile, a channel, a place...): as get, but `null` when the server
   * says there is no such thing (404), told apart from no answer at all (`false`: network, time-out).
   */
  async find<R extends Answer = ApiEnvelope>(path: string, options?: RequestOptions) {
    let missing = false;
    const answer = await request<R>('GET', path, undefined, false, {
      ...options,
      onStatus: (status) => (missing = status === 404),
    });
    return missing ? null : answer;
  },
  /** Multipart upload: the browser sets the boundary. */
  postForm<R extends Answer = ApiEnvelope>(path: string, form: FormData, options?: RequestOptions) {
    return request<R>('POST', path, form, false, options);
  },
};

/** Narrows a result to a successful answer. */
export function isOk<R extends Answer>(result: ApiResult<R>): result is R & { state: 'OK' } {
  return result !== false && result.state === 'OK';
}
