import type { ApiCallName, CallInput } from '@nomadas/shared/api';

/** The arguments after a call's name: its input, left out when the call needs none, then the options. */
export type CallArgs<K extends ApiCallName, O> =
  object extends CallInput<K> ? [input?: CallInput<K>, options?: O] : [input: CallInput<K>, options?: O];

type AnyInput = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: Record<string, string | Blob | undefined>;
};

export interface CallRequest {
  method: string;
  url: string;
  body: string | FormData | undefined;
  /** The body is JSON (a form's boundary is set by the browser). */
  json: boolean;
}

/**
 * The HTTP request of a call of the route table: its name is its method and path ('POST /like/post/:posturl'),
 * the path's parameters are filled in, encoded, the query appended and the body written.
 */
export function callRequest<K extends ApiCallName>(name: K, input: CallInput<K> | undefined): CallRequest {
  const { params, query, body, form } = (input ?? {}) as AnyInput;
  const [method, path] = name.split(' ') as [string, string];
  const filled = path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const url = `/api${filled}${search.toString() ? `?${search}` : ''}`;
  if (form) {
    const data = new FormData();
    for (const [key, value] of Object.entries(form)) if (value !== undefined) data.append(key, value);
    return { method, url, body: data, json: false };
  }
  return {
    method,
    url,
    body: body === undefined ? undefined : JSON.stringify(body),
    json: body !== undefined,
  };
}
