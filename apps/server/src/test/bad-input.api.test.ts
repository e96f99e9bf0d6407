import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MSG } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import {
  bodySpec,
  buildMultipart,
  extraHeaders,
  photoUploadForm,
  pathSegment,
  queryString,
  tokenSpec,
  type BodySpec,
  type TokenSpec,
} from './bad-input.arbitraries.js';
import {
  exchangeOnSocket,
  listRoutes,
  makeFootprint,
  sendRaw,
  type RawAnswer,
  type RouteEntry,
} from './bad-input.http.js';
import { startTestServer, type TestServer } from './harness.js';
import { createPlace } from './map-factory.js';
import { createPost, makePhoto } from './posts-factory.js';

/**
 * DESIGN.md §3: bad input is a 4xx with `{state: 'KO', msg}` in Spanish, never a 5xx, and nothing is
 * half-written. 1,000 generated requests go to every API route; FUZZ_SEED=<n> replays a failed run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const UPLOAD_RUNS = Math.ceil(RUNS / 10);
/** About 20 s on an idle machine; room for a CI machine running other suites beside it. */
const FUZZ_TIMEOUT_MS = 180_000;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CATALOGUE = new Set<string>(Object.values(MSG));
const OVERSIZED_JSON = JSON.stringify({ text: 'a'.repeat(1_200_000) });

let t: TestServer;
let agent: http.Agent;
let token: string;
let footprint: () => Promise<string>;
let routes: RouteEntry[];
let realSegments: string[];

beforeAll(async () => {
  t = await startTestServer();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const author = await t.createSession();
  token = author.token;
  // Something to act on: real names and ids in paths take bad bodies past the lookups, into the services.
  const post = await createPost(t, author, { text: 'Noche en el área de Sarria #galicia' });
  const other = await t.createUser();
  const comment = await t.post(`/api/comment/create/${post.url}`, { token, body: { c: 'Qué sitio', p: 0 } });
  const place = await createPlace(t, { urlpoint: 'area-autocaravanas-sarria', authorId: author.id });
  realSegments = [post.url, author.username, other.username, String(comment.body.data.id), place.urlpoint];
  footprint = await makeFootprint(t.db, t.config.dataDir);
  routes = listRoutes(t.app).filter(({ method, url }) => url.startsWith('/api') && method !== 'HEAD');
});

afterAll(async () => {
  agent?.destroy();
  await t?.close();
});

/** The envelope of a refusal: 4xx, JSON, state KO and a msg of the shared Spanish catalogue. */
function expectRefusal(answer: RawAnswer, status?: number) {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = answer.text.slice(0, 200);
  }
  const where = `HTTP ${answer.status} ${JSON.stringify(body).slice(0, 300)}`;
  if (status !== undefined) expect(answer.status, where).toBe(status);
  expect(answer.status, where).toBeGreaterThanOrEqual(400);
  expect(answer.status, where).toBeLessThan(500);
  expect(String(answer.headers['content-type']), where).toMatch(/^application\/json/);
  expect(body, where).toEqual({ state: 'KO', msg: expect.any(String) });
  expect(CATALOGUE.has((body as { msg: string }).msg), `msg not in the catalogue: ${where}`).toBe(true);
  return (body as { msg: string }).msg;
}

function encodeBody(spec: BodySpec): { contentType?: string; body?: Buffer } {
  switch (spec.kind) {
    case 'none':
      return {};
    case 'json':
      return { contentType: spec.contentType, body: Buffer.from(JSON.stringify(spec.value) ?? 'null') };
    case 'raw':
      return { contentType: spec.contentType, body: Buffer.from(spec.text) };
    case 'multipart':
      return buildMultipart(spec.parts, spec.breakage);
    case 'oversized':
      return { contentType: spec.contentType, body: Buffer.from(OVERSIZED_JSON) };
  }
}

function tokenHeader(spec: TokenSpec): Record<string, string> {
  if (spec === 'none') return {};
  return { 'api-token': spec === 'valid' ? token : spec.garbage };
}

describe('bad input', () => {
  test('the route list comes from the app and holds every module', () => {
    const names = routes.map(({ method, url }) => `${method} ${url}`);
    for (const known of [
      'GET /api/posts',
      'GET /api/post/:url',
      'POST /api/post/create',
      'POST /api/login',
      'POST /api/nuevopass/:code',
      'POST /api/comment/create/:posturl',
      'POST /api/follow/user/:username',
      'POST /api/contacto',
      'POST /api/sev',
      'GET /api/map/points',
      'POST /api/map/location/:urlpoint/review',
    ]) {
      expect(names).toContain(known);
    }
  });

  test(
    `${RUNS} generated bad requests: a 4xx KO envelope in Spanish or a valid OK, never a 5xx, nothing half-written`,
    async () => {
      const statuses = new Map<number, number>();
      let requestMs = 0;
      let footprintMs = 0;
      // The footprint after the last accepted write: a refused write must leave it as it was.
      let lastFootprint = await footprint();
      const footprintNow = async () => {
        const started = performance.now();
        const now = await footprint();
        footprintMs += performance.now() - started;
        return now;
      };
      const request = fc.record({
        route: fc.constantFrom(...routes),
        // One request in six with another method, which the path may not have.
        method: fc.oneof(
          { weight: 5, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') },
        ),
        segments: fc.array(
          fc.oneof(
            { weight: 4, arbitrary: pathSegment },
            { weight: 1, arbitrary: fc.constantFrom(...realSegments) },
          ),
          { minLength: 2, maxLength: 2 },
        ),
        query: queryString,
        body: bodySpec,
        token: tokenSpec,
        extraHeaders,
      });
      const property = fc.asyncProperty(request, async (input) => {
        const segments = [...input.segments];
        const path = input.route.url.replace(/:[^/]+|\*/g, () => segments.shift() ?? '') + input.query;
        const method = input.method ?? input.route.method;
        const { contentType, body } = encodeBody(input.body);
        const headers: Record<string, string> = { ...input.extraHeaders, ...tokenHeader(input.token) };
        if (contentType !== undefined) headers['content-type'] = contentType;
        const isWrite = method !== 'GET';
        const started = performance.now();
        const answer = await sendRaw(t.baseUrl, agent, { method, path, headers, body });
        requestMs += performance.now() - started;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const context = `${method} ${path.slice(0, 200)} (${input.body.kind}) → HTTP ${answer.status} ${answer.text.slice(0, 200)}`;

        expect(answer.status, context).toBeLessThan(500);
        if (answer.status >= 400) {
          expectRefusal(answer);
          if (isWrite) expect(await footprintNow(), `half-written: ${context}`).toBe(lastFootprint);
        } else if (!input.route.url.startsWith('/api/docs')) {
          // Accepted, so it was valid input after all: an OK envelope.
          expect(answer.status, context).toBeLessThan(300);
          expect(JSON.parse(answer.text).state, context).toBe('OK');
        }
        // A generated logout that worked ends the session the other requests use.
        if (input.route.url === '/api/logout' && answer.status === 200 && input.token === 'valid') {
          token = (await t.createSession()).token;
        }
        if (isWrite && answer.status < 400) lastFootprint = await footprintNow();
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED });
      } catch (error) {
        throw new Error(`bad-input fuzz failed; replay with FUZZ_SEED=${SEED}\n${String(error)}`, {
          cause: error,
        });
      }
      const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      // One line per run in the log: what was sent and what came back.
      process.stdout.write(
        `bad input: ${RUNS} requests over ${routes.length} routes, seed ${SEED}: ${summary.join(' ')}; ` +
          `${Math.round(requestMs)} ms in requests, ${Math.round(footprintMs)} ms in footprints\n`,
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('uploads', () => {
  test(
    `${UPLOAD_RUNS} uploads of a real photo with bad fields: OK only with a whole post, otherwise nothing written`,
    async () => {
      const photo = new Uint8Array(await makePhoto());
      let published = 0;
      let lastFootprint = await footprint();
      const property = fc.asyncProperty(photoUploadForm(photo), async (form) => {
        const { contentType, body } = buildMultipart(form.parts, form.breakage);
        const answer = await sendRaw(t.baseUrl, agent, {
          method: 'POST',
          path: '/api/post/create',
          headers: { 'content-type': contentType, 'api-token': token },
          body,
        });
        const context = `HTTP ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, context).toBeLessThan(500);
        if (answer.status >= 400) {
          expectRefusal(answer);
          expect(await footprint(), `half-written: ${context}`).toBe(lastFootprint);
          return;
        }
        // Published: the post reads back and every image it names is served.
        published++;
        const post = JSON.parse(answer.text).data as WallPost;
        expect((await t.get(`/api/post/${post.url}`)).body.data.url).toBe(post.url);
        for (const url of [post.media, post.mediaJpeg, post.thumb, post.thumbJpeg, post.thumbSmall]) {
          expect((await fetch(`${t.baseUrl}${url}`)).status, url).toBe(200);
        }
        lastFootprint = await footprint();
      });
      try {
        await fc.assert(property, { numRuns: UPLOAD_RUNS, seed: SEED });
      } catch (error) {
        throw new Error(`upload fuzz failed; replay with FUZZ_SEED=${SEED}\n${String(error)}`, {
          cause: error,
        });
      }
      process.stdout.write(`bad uploads: ${UPLOAD_RUNS} forms, ${published} published, seed ${SEED}\n`);
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('refusals before any route runs', () => {
  test('a NUL byte in a path parameter, the query or a JSON field is a 400, not a database error', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/post/%00', undefined],
      ['GET', '/api/comment/get/a%00b', undefined],
      ['GET', '/api/posts?tag=%00', undefined],
      ['GET', '/api/posts?u=ana%00', undefined],
      ['POST', '/api/verificar/%00', undefined],
      // A route whose own onRequest check reads the parameter before validation (a place's room for a photo).
      ['POST', '/api/map/location/%00/photo', undefined],
      ['POST', '/api/login', { username: 'ana\u0000', password: 'x' }],
      ['POST', '/api/trc/path', { p: '/muro\u0000' }],
      ['POST', '/api/contacto', { name: 'a', email: 'a@b.es', subject: 's', message: 'x\u0000' }],
      ['POST', '/api/comment/create/abc', { c: 'hola', nested: { deep: ['\u0000'] } }],
    ] as const) {
      const answer = await sendRaw(t.baseUrl, agent, {
        method,
        path,
        headers: body ? { 'content-type': 'application/json', 'api-token': token } : { 'api-token': token },
        body: body && Buffer.from(JSON.stringify(body)),
      });
      expect(expectRefusal(answer, 400), `${method} ${path}`).toBe(MSG.invalidCharacters);
    }
  });

  test('a NUL byte in the text of a new post is refused and leaves no file behind', async () => {
    const before = await footprint();
    const form = new FormData();
    form.append('text', 'hola\u0000mundo');
    form.append('media', new Blob([new Uint8Array(await makePhoto())], { type: 'image/jpeg' }), 'foto.jpg');
    const answer = await t.post('/api/post/create', { token, form });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.invalidCharacters });
    expect(await footprint()).toBe(before);
  });

  test('a path parameter over the length limit is a 414 envelope', async () => {
    const answer = await sendRaw(t.baseUrl, agent, {
      method: 'GET',
      path: `/api/post/${'a'.repeat(5000)}`,
      headers: {},
    });
    expect(expectRefusal(answer, 414)).toBe(MSG.uriTooLong);
  });

  test('a URL or headers over 16 KB are a 431 envelope from the HTTP parser', async () => {
    const longUrl = await exchangeOnSocket(
      t.baseUrl,
      `GET /api/posts?tag=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(expectRefusal(longUrl, 431)).toBe(MSG.headersTooLarge);
    const longHeader = await exchangeOnSocket(
      t.baseUrl,
      `GET /api/posts HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(expectRefusal(longHeader, 431)).toBe(MSG.headersTooLarge);
  });

  test('requests the HTTP parser cannot read are a 400 envelope', async () => {
    for (const raw of [
      'GET /api/posts HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
      'G@T /api/posts HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/po sts HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ]) {
      const answer = await exchangeOnSocket(t.baseUrl, raw);
      expect(expectRefusal(answer, 400), raw.slice(0, 60)).toBe(MSG.malformedRequest);
    }
  });

  test('an unknown Expect and a missing Host get the envelope instead of an empty answer', async () => {
    const expectation = await exchangeOnSocket(
      t.baseUrl,
      'POST /api/trc/path HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 0\r\n\r\n',
    );
    expect(expectRefusal(expectation, 417)).toBe(MSG.expectationFailed);
    const hostless = await exchangeOnSocket(t.baseUrl, 'GET /api/posts HTTP/1.1\r\n\r\n');
    expect(expectRefusal(hostless, 400)).toBe(MSG.malformedRequest);
    // HTTP/1.0 has no Host header to require.
    expect((await exchangeOnSocket(t.baseUrl, 'GET /api/health HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  test('a body over the limit is refused from its declared length, before it is sent', async () => {
    const answer = await exchangeOnSocket(
      t.baseUrl,
      'POST /api/contacto HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{"name":',
    );
    expect(expectRefusal(answer, 413)).toBe(MSG.bodyTooLarge);
    const text = await exchangeOnSocket(
      t.baseUrl,
      'POST /api/trc/path HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 104857600\r\n\r\nabc',
    );
    expect(expectRefusal(text, 413)).toBe(MSG.bodyTooLarge);
    // The photo upload streams its form, so it checks the declared length itself.
    const upload = await exchangeOnSocket(
      t.baseUrl,
      `POST /api/post/create HTTP/1.1\r\nHost: x\r\napi-token: ${token}\r\n` +
        'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 104857600\r\n\r\n--x\r\n',
    );
    expectRefusal(upload, 413);
  });

  test('malformed JSON, an unsupported content type, an unknown path and a wrong method each say so', async () => {
    const json = { 'content-type': 'application/json' };
    const broken = await sendRaw(t.baseUrl, agent, {
      method: 'POST',
      path: '/api/login',
      headers: json,
      body: Buffer.from('{"username":'),
    });
    expect(expectRefusal(broken, 400)).toBe(MSG.malformedJson);
    const xml = await sendRaw(t.baseUrl, agent, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/xml' },
      body: Buffer.from('<login/>'),
    });
    expect(expectRefusal(xml, 415)).toBe(MSG.unsupportedMediaType);
    const unknown = await sendRaw(t.baseUrl, agent, { method: 'GET', path: '/api/no-existe', headers: {} });
    expect(expectRefusal(unknown, 404)).toBe(MSG.notFound);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const wrong = await sendRaw(t.baseUrl, agent, { method, path: '/api/login', headers: {} });
      expect(expectRefusal(wrong, 405), method).toBe(MSG.methodNotAllowed);
      expect(wrong.headers.allow).toBe('POST');
    }
    const wrongOnParam = await sendRaw(t.baseUrl, agent, {
      method: 'DELETE',
      path: '/api/post/abc',
      headers: {},
    });
    expect(expectRefusal(wrongOnParam, 405)).toBe(MSG.methodNotAllowed);
    expect(wrongOnParam.headers.allow).toBe('GET');
  });

  test('pages and media outside /api never answer a 5xx to a broken path', async () => {
    for (const path of [
      '/muro/%00',
      '/muro/a%00b',
      '/muro/%ED%A0%80',
      '/muro/%',
      `/muro/${'a'.repeat(5000)}`,
      '/%00',
      '/media/%00.jpg',
      '/media/%ED%A0%80.webp',
      '/assets/%00.js',
    ]) {
      const answer = await sendRaw(t.baseUrl, agent, { method: 'GET', path, headers: {} });
      expect(answer.status, `${path.slice(0, 80)} → ${answer.text.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  test('traversal in a path never reaches a file outside the app', async () => {
    for (const path of [
      '/api/docs/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/docs/static/../../../../etc/passwd',
      '/media/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2F..%2Fpackage.json',
    ]) {
      const answer = await sendRaw(t.baseUrl, agent, { method: 'GET', path, headers: {} });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.text, path).not.toMatch(/root:|"name":\s*"/);
    }
  });
});
