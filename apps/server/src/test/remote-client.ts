import crypto from 'node:crypto';
import { waitUntil } from './app-process.js';
import { findMailLink } from './outbox.js';

/** What a call to an app in another process gave: an answer, or a network error (`status` 0). */
export interface RemoteAnswer {
  status: number;
  body: any;
  ms: number;
  error?: string;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  form?: FormData;
  timeoutMs?: number;
  /** More request headers (a client address in X-Forwarded-For, for one behind a trusted proxy). */
  headers?: Record<string, string>;
}

/** One HTTP call to `baseUrl`; never throws, so load loops can count every outcome. */
export async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: CallOptions = {},
): Promise<RemoteAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['api-token'] = options.token;
  let body: BodyInit | undefined = options.form;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML or media: keep the text
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: undefined, ms: performance.now() - started, error: cause ?? String(error) };
  }
}

export const isOk = (answer: RemoteAnswer) => answer.status === 200 && answer.body?.state === 'OK';

export interface RemoteUser {
  username: string;
  email: string;
  password: string;
  token: string;
}

export const newUsername = (prefix: string) => `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
/** Long and random, so no common-password rule refuses it. */
export const newPassword = () => `Ruta-${crypto.randomBytes(9).toString('base64url')}-norte`;

/** Registers through the API, follows the activation link from the mail outbox and logs in. */
export async function registerActivatedUser(baseUrl: string, outboxDir: string, prefix = 'viajera') {
  const username = newUsername(prefix);
  const email = `${username}@example.com`;
  const password = newPassword();
  const registered = await call(baseUrl, 'POST', '/api/register', {
    body: { username, email, password, password_confirmation: password },
  });
  if (!isOk(registered)) throw new Error(`register failed: ${JSON.stringify(registered)}`);
  let link: string | undefined;
  await waitUntil(
    `the activation mail to ${email}`,
    async () => Boolean((link = await findMailLink(outboxDir, email, '/verificar/'))),
    15_000,
  );
  const code = link!.split('/verificar/')[1]!;
  const activated = await call(baseUrl, 'POST', `/api/verificar/${code}`);
  if (!isOk(activated)) throw new Error(`activation failed: ${JSON.stringify(activated)}`);
  return { ...(await logIn(baseUrl, username, password)), email };
}

export async function logIn(baseUrl: string, username: string, password: string) {
  const answer = await call(baseUrl, 'POST', '/api/login', { body: { username, password } });
  if (!isOk(answer) || typeof answer.body.token !== 'string')
    throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return { username, password, token: answer.body.token as string };
}

/** The multipart form of POST /api/post/create, as the browser sends it. */
export function postForm(photo: Buffer, text: string): FormData {
  const form = new FormData();
  form.append('text', text);
  form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  return form;
}
