import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserWindow } from '../test/browserWindow';
import { HTTP_TIMEOUT_MS, STORAGE_KEYS } from '@nomadas/shared';

const stored = stubBrowserWindow();
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

let call: typeof import('./client').call;
let find: typeof import('./client').find;
let isOk: typeof import('./client').isOk;
let session: typeof import('../session/session').session;

beforeAll(async () => {
  ({ call, find, isOk } = await import('./client'));
  ({ session } = await import('../session/session'));
});

afterEach(() => {
  fetchMock.mockReset();
  session.logout('button');
  vi.useRealTimers();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function logIn() {
  session.login({ state: 'OK', msg: '', token: 'tok-9', username: 'marta', date: Date.now() / 1000 + 3600 });
}

describe('api client', () => {
  it('posts JSON to the call’s path under /api, its parameters encoded, with the token and credentials', async () => {
    logIn();
    fetchMock.mockResolvedValue(json(200, { state: 'OK', data: { descripcion: 'hola' } }));
    const result = await call('POST /update/post/:posturl', {
      params: { posturl: 'a b/c' },
      body: { text: 'hola' },
    });
    expect(isOk(result) && result.data).toEqual({ descripcion: 'hola' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/update/post/a%20b%2Fc');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"text":"hola"}');
    expect(init?.headers).toMatchObject({ 'API-TOKEN': 'tok-9', 'Content-Type': 'application/json' });
  });

  it('sends no token header for a visitor', async () => {
    fetchMock.mockResolvedValue(json(200, { state: 'OK' }));
    await call('GET /posts', { query: { n: 0, tag: '', u: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/posts?n=0&tag=');
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('API-TOKEN');
  });

  it('returns the KO answer with its msg for a 400', async () => {
    fetchMock.mockResolvedValue(json(400, { state: 'KO', msg: 'Usuario o contraseña incorrectos' }));
    expect(await call('POST /login', { body: {} })).toEqual({
      state: 'KO',
      msg: 'Usuario o contraseña incorrectos',
    });
  });

  it('treats a failing status as KO whatever the body says', async () => {
    fetchMock.mockResolvedValue(json(500, { state: 'OK' }));
    expect(await call('GET /health')).toEqual({ state: 'KO' });
  });

  it('swallows a 404 as false', async () => {
    fetchMock.mockResolvedValue(json(404, { state: 'KO', msg: 'No encontrado' }));
    expect(await call('GET /post/:url', { params: { url: 'nada' } })).toBe(false);
  });

  it('finds a thing, tells a 404 (null) from no answer (false)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { state: 'OK', data: { u: 'marta' } }));
    expect(await find('GET /perfil/:username', { params: { username: 'marta' } })).toEqual({
      state: 'OK',
      data: { u: 'marta' },
    });
    fetchMock.mockResolvedValueOnce(json(404, { state: 'KO', msg: 'No encontrado' }));
    expect(await find('GET /perfil/:username', { params: { username: 'nadie' } })).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await find('GET /perfil/:username', { params: { username: 'marta' } })).toBe(false);
    fetchMock.mockResolvedValueOnce(json(500, { state: 'KO', msg: 'Error del servidor' }));
    expect(await find('GET /perfil/:username', { params: { username: 'marta' } })).toEqual({
      state: 'KO',
      msg: 'Error del servidor',
    });
  });

  it('logs the session out on a 401', async () => {
    logIn();
    const onLogout = vi.fn();
    const off = session.events.on('logout', onLogout);
    fetchMock.mockResolvedValue(json(401, { state: 'KO' }));
    expect(await call('GET /perfil')).toBe(false);
    expect(onLogout).toHaveBeenCalledWith({ reason: 'unauthorized' });
    expect(stored.has(STORAGE_KEYS.token)).toBe(false);
    off();
  });

  it('keeps the session on a 401 when asked (the logout call itself)', async () => {
    logIn();
    fetchMock.mockResolvedValue(json(401, { state: 'KO' }));
    expect(await call('POST /logout', undefined, { keepSessionOn401: true })).toBe(false);
    expect(session.getToken()).toBe('tok-9');
  });

  it('answers false on network errors and non-JSON answers', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await call('GET /health')).toBe(false);
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    expect(await call('GET /health')).toBe(false);
  });

  it('gives up after HTTP_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = call('GET /health');
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe(false);
  });

  it('sends multipart forms without a JSON content type', async () => {
    fetchMock.mockResolvedValue(json(200, { state: 'OK' }));
    await call('POST /post/create', { form: { text: 'hola', media: new Blob(['jpeg']) } });
    const init = fetchMock.mock.calls[0]![1];
    expect((init?.body as FormData).get('text')).toBe('hola');
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });
});
