import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserWindow } from '../test/browserWindow';
import { HTTP_TIMEOUT_MS, STORAGE_KEYS } from '@nomadas/shared';

const stored = stubBrowserWindow();
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

let api: typeof import('./client').api;
let isOk: typeof import('./client').isOk;
let session: typeof import('../session/session').session;

beforeAll(async () => {
  ({ api, isOk } = await import('./client'));
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
  it('posts JSON under /api with the token header and credentials', async () => {
    logIn();
    fetchMock.mockResolvedValue(json(200, { state: 'OK', data: { n: 1 } }));
    const result = await api.post<{ state: 'OK' | 'KO'; data?: { n: number } }>('/posts', { a: 1 });
    expect(isOk(result) && result.data).toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/posts');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'API-TOKEN': 'tok-9', 'Content-Type': 'application/json' });
  });

  it('sends no token header for a visitor', async () => {
    fetchMock.mockResolvedValue(json(200, { state: 'OK' }));
    await api.get('/posts?1&n=0');
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('API-TOKEN');
  });

  it('returns the KO answer with its msg for a 400', async () => {
    fetchMock.mockResolvedValue(json(400, { state: 'KO', msg: 'Usuario o contraseña incorrectos' }));
    expect(await api.post('/login', {})).toEqual({ state: 'KO', msg: 'Usuario o contraseña incorrectos' });
  });

  it('treats a failing status as KO whatever the body says', async () => {
    fetchMock.mockResolvedValue(json(500, { state: 'OK' }));
    expect(await api.get('/x')).toEqual({ state: 'KO' });
  });

  it('swallows a 404 as false', async () => {
    fetchMock.mockResolvedValue(json(404, { state: 'KO', msg: 'No encontrado' }));
    expect(await api.get('/post/nada')).toBe(false);
  });

  it('finds a thing, tells a 404 (null) from no answer (false)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { state: 'OK', data: { u: 'marta' } }));
    expect(await api.find('/perfil/marta')).toEqual({ state: 'OK', data: { u: 'marta' } });
    fetchMock.mockResolvedValueOnce(json(404, { state: 'KO', msg: 'No encontrado' }));
    expect(await api.find('/perfil/nadie')).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await api.find('/perfil/marta')).toBe(false);
    fetchMock.mockResolvedValueOnce(json(500, { state: 'KO', msg: 'Error del servidor' }));
    expect(await api.find('/perfil/marta')).toEqual({ state: 'KO', msg: 'Error del servidor' });
  });

  it('logs the session out on a 401', async () => {
    logIn();
    const onLogout = vi.fn();
    const off = session.events.on('logout', onLogout);
    fetchMock.mockResolvedValue(json(401, { state: 'KO' }));
    expect(await api.get('/perfil')).toBe(false);
    expect(onLogout).toHaveBeenCalledWith({ reason: 'unauthorized' });
    expect(stored.has(STORAGE_KEYS.token)).toBe(false);
    off();
  });

  it('keeps the session on a 401 when asked (the logout call itself)', async () => {
    logIn();
    fetchMock.mockResolvedValue(json(401, { state: 'KO' }));
    expect(await api.post('/logout', undefined, { keepSessionOn401: true })).toBe(false);
    expect(session.getToken()).toBe('tok-9');
  });

  it('answers false on network errors and non-JSON answers', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await api.get('/x')).toBe(false);
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    expect(await api.get('/x')).toBe(false);
  });

  it('gives up after HTTP_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = api.get('/slow');
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe(false);
  });

  it('sends multipart forms without a JSON content type', async () => {
    fetchMock.mockResolvedValue(json(200, { state: 'OK' }));
    const form = new FormData();
    form.append('text', 'hola');
    await api.postForm('/post/create', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });
});
