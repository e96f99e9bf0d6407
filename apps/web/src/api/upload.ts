import { HTTP_TIMEOUT_MS, type ApiEnvelope } from '@nomadas/shared';
import { session } from '../session/session';
import { interpretAnswer, type ApiResult } from './client';

export interface UploadOptions {
  /** Called with the fraction of the body sent so far (0 to 1), when the browser knows the total. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload; the call then resolves to false. */
  signal?: AbortSignal;
  /** Gives up after this long without any progress; defaults to HTTP_TIMEOUT_MS (20 s). */
  idleTimeoutMs?: number;
}

/**
 * A multipart POST with upload progress, which fetch cannot report. Same contract as `api.postForm`:
 * /api prefix, API-TOKEN header, credentials; resolves to the envelope (a failing status is a KO), or
 * `false` on network failure, time-out, cancellation, a non-JSON answer, 404 and 401 (the session is
 * closed first). It never rejects. The time-out counts idle time, so a big photo on a slow roadside
 * connection is not cut off while it keeps moving.
 */
export function uploadForm<T = unknown>(
  path: string,
  form: FormData,
  { onProgress, signal, idleTimeoutMs = HTTP_TIMEOUT_MS }: UploadOptions = {},
): Promise<ApiResult<ApiEnvelope<T>>> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);

    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => xhr.abort(), idleTimeoutMs);
    };
    const cancel = () => xhr.abort();
    const finish = (result: ApiResult<ApiEnvelope<T>>) => {
      clearTimeout(idle);
      signal?.removeEventListener('abort', cancel);
      resolve(result);
    };

    xhr.open('POST', path.startsWith('/api/') ? path : `/api${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    const token = session.getToken();
    if (token) xhr.setRequestHeader('API-TOKEN', token);

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
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: interpretAnswer turns it into false
      }
      finish(interpretAnswer<ApiEnvelope<T>>(xhr.status, body));
    });

    signal?.addEventListener('abort', cancel, { once: true });
    stillAlive();
    xhr.send(form);
  });
}
