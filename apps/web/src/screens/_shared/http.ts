import { HTTP_TIMEOUT_MS, MSG, type ApiEnvelope } from '@nomadas/shared';

export interface ApiAnswer<T> extends ApiEnvelope<T> {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
}

/** POST /api{path} with an optional JSON body. Never throws: a failure answers KO with a Spanish msg. */
export async function postApi<T = unknown>(path: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
    if (envelope?.state === 'OK' || envelope?.state === 'KO') return { ...envelope, status: response.status };
    return { state: 'KO', msg: response.status === 429 ? MSG.tooManyRequests : MSG.serverError, status: response.status };
  } catch {
    return { state: 'KO', msg: MSG.serverError, status: 0 };
  }
}
