import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserWindow } from '../test/browserWindow';
import { HTTP_TIMEOUT_MS } from '@nomadas/shared';

stubBrowserWindow();

/** Just enough of XMLHttpRequest: records what is sent, and the test plays the network's part. */
class FakeXhr extends EventTarget {
  static last: FakeXhr;
  upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  body: unknown;
  aborted = false;
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: unknown) {
    this.upload.dispatchEvent(new Event('load'));
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}
vi.stubGlobal('XMLHttpRequest', FakeXhr);

let uploadForm: typeof import('./upload').uploadForm;
let session: typeof import('../session/session').session;

beforeAll(async () => {
  ({ uploadForm } = await import('./upload'));
  ({ session } = await import('../session/session'));
});

afterEach(() => {
  session.logout('button');
  vi.useRealTimers();
});

function logIn() {
  session.login({ state: 'OK', msg: '', token: 'tok-7', username: 'marta', date: Date.now() / 1000 + 3600 });
}

describe('uploadForm', () => {
  it('posts the form under /api with the token header and credentials, and reports progress', async () => {
    logIn();
    const seen: number[] = [];
    const form = { text: 'hola' };
    const pending = uploadForm('POST /post/create', { form }, { onProgress: (f) => seen.push(f) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/post/create', true]);
    expect((xhr.body as FormData).get('text')).toBe('hola');
    expect(xhr.headers).toMatchObject({ 'API-TOKEN': 'tok-7', Accept: 'application/json' });
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, { state: 'OK', msg: 'hecho', data: { url: 'abc' } });
    expect(await pending).toEqual({ state: 'OK', msg: 'hecho', data: { url: 'abc' } });
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it('sends no token header for a visitor', async () => {
    const pending = uploadForm('POST /post/create', { form: {} });
    expect(FakeXhr.last.headers).not.toHaveProperty('API-TOKEN');
    FakeXhr.last.answer(200, { state: 'OK' });
    await pending;
  });

  it('turns a failing status into a KO with the server message', async () => {
    const pending = uploadForm('POST /post/create', { form: {} });
    FakeXhr.last.answer(413, { state: 'OK', msg: 'La imagen es demasiado grande' });
    expect(await pending).toEqual({ state: 'KO', msg: 'La imagen es demasiado grande' });
  });

  it('closes the session on 401 and answers false', async () => {
    logIn();
    const pending = uploadForm('POST /post/create', { form: {} });
    FakeXhr.last.answer(401, { state: 'KO', msg: 'Tu sesión ha caducado' });
    expect(await pending).toBe(false);
    expect(session.getToken()).toBeNull();
  });

  it('answers false for 404, a non-JSON answer and a network error', async () => {
    let pending = uploadForm('POST /post/create', { form: {} });
    FakeXhr.last.answer(404, { state: 'KO' });
    expect(await pending).toBe(false);
    pending = uploadForm('POST /post/create', { form: {} });
    FakeXhr.last.answer(502, '<html>Bad gateway</html>');
    expect(await pending).toBe(false);
    pending = uploadForm('POST /post/create', { form: {} });
    FakeXhr.last.dispatchEvent(new Event('error'));
    expect(await pending).toBe(false);
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const pending = uploadForm('POST /post/create', { form: {} }, { signal: controller.signal });
    controller.abort();
    expect(await pending).toBe(false);
    expect(FakeXhr.last.aborted).toBe(true);
  });

  it('gives up after 20 s without progress, but not while the photo keeps moving', async () => {
    vi.useFakeTimers();
    const pending = uploadForm('POST /post/create', { form: {} });
    const xhr = FakeXhr.last;
    for (let step = 1; step <= 5; step++) {
      vi.advanceTimersByTime(HTTP_TIMEOUT_MS - 1000);
      xhr.progress(step, 10);
    }
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(HTTP_TIMEOUT_MS);
    expect(xhr.aborted).toBe(true);
    expect(await pending).toBe(false);
  });
});
