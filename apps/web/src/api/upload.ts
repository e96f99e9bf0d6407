import { HTTP_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER } from '@nomadas/shared';
import type { ApiCallName, CallInput, CallResult } from '@nomadas/shared/api';
import { session } from '../session/session';
import { callRequest } from './callRequest';
import { interpretAnswer, type ApiResult } from './client';

export interface UploadOptions {
  /** Called with the fraction of the body sent so far (0 to 1), when the browser knows the total. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload; the call then resolves to false. */
  signal?: AbortSignal;
  /** Gives up after this long without any progress; defaults to HTTP_TIMEOUT_MS (20 s). */
  idleTimeoutMs?: number;
  /** The write's client id: a retry with the same one takes effect once (IDEMPOTENCY_KEY_HEADER). */
  idempotencyKey?: string;
  /** Told the HTTP status of an answer that came (the outbox tells a refusal from no answer at all). */
  onStatus?: (status: number) => void;
}

/**
 * A call that sends a form (its `form` in the route table), with upload progress, which fetch cannot report.
 * Same contract as `call`: /api prefix, API-TOKEN header, credentials; resolves to the envelope (a failing status is a KO), or
 * `false` on network failure, time-out, cancellation, a non-JSON answer, 404 and 401 (the session is
 * closed first). It never rejects. The time-out counts idle time, so a big photo on a slow roadside
 * connection is not cut off while it keeps moving.
 */
export function uploadForm<K extends ApiCallName>(
  name: K,
  input: CallInput<K>,
  { onProgress, signal, idleTimeoutMs = HTTP_TIMEOUT_MS, idempotencyKey, onStatus }: UploadOptions = {},
): Promise<ApiResult<CallResult<K>>> {
  const { method, url, body } = callRequest(name, input);
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);

    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => xhr.abort(), idleTimeoutMs);
    };
    const cancel = () => xhr.abort();
    const finish = (result: ApiResult<CallResult<K>>) => {
      clearTimeout(idle);
      signal?.removeEventListener('abort', cancel);
      resolve(result);
    };

    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    const token = session.getToken();
    if (token) xhr.setRequestHeader('API-TOKEN', token);
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);

    // Upload listeners must be in place before send() for the browser to report progress.
    xhr.upload.addEventListener('progress', (event) => {
      stillAlive();
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.upload.addEventListener('load', () => onProgress?.(1));
    xhr.addEventListener('progress', stillAlive);
    xhr.addEventListener('error', () => finish(false));
    xhr.addEventListener('abort', () => finish(false));
    xhr.addEventListener('timeout', () => finish(false));
    xhr.addEventListener('load', () => {
      onStatus?.(xhr.status);
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: interpretAnswer turns it into false
      }
      finish(interpretAnswer<CallResult<K>>(xhr.status, answer));
    });

    signal?.addEventListener('abort', cancel, { once: true });
    stillAlive();
    xhr.send(body ?? null);
  });
}
