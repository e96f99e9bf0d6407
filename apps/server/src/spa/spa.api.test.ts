import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-shell--></div><!--app-config--></body></html>',
  );
  await fs.writeFile(path.join(dist, 'assets', 'landing-abc123.js'), 'export default 1;');
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(
    path.join(dist, 'sw.js.br'),
    zlib.brotliCompressSync('self.addEventListener("fetch", () => {});'),
  );
  await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"nómadas"}');
  // Copies as the build writes them; their texts differ from the file's to show which one was sent.
  const entry = path.join(dist, 'assets', 'index-abc123.js');
  await fs.writeFile(entry, 'export const sent = "plain";');
  await fs.writeFile(`${entry}.br`, zlib.brotliCompressSync('export const sent = "brotli";'));
  await fs.writeFile(`${entry}.gz`, zlib.gzipSync('export const sent = "gzip";'));
  t = await startTestServer({
    WEB_DIST_DIR: dist,
    SITE_NAME: 'nómadas.tv',
    SITE_PHONE: '+34 987 000 111',
    MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html with the head and the public settings for an app route', async () => {
    const page = await t.get('/muro');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<title>nómadas.tv · la red social de los nómadas en autocaravana</title>');
    expect(page.body).toContain('<script id="app-settings" type="application/json">');
    expect(page.body).toContain('"sitePhone":"+34 987 000 111"');
  });

  it('gzips the page for a client that takes gzip, and sends it plain to one that does not', async () => {
    const gzipped = await t.get('/muro', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('accept-encoding');
    // fetch has inflated it: the page itself arrived.
    expect(gzipped.body).toContain('<script id="app-settings" type="application/json">');
    const plain = await t.get('/muro', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe(gzipped.body);
  });

  it("sends the build's Brotli or gzip copy of an asset to a client that takes it", async () => {
    const asset = '/assets/index-abc123.js';
    const brotli = await t.get(asset, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('accept-encoding');
    expect(brotli.body).toBe('export const sent = "brotli";');
    const gzipped = await t.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.body).toBe('export const sent = "gzip";');
    const plain = await t.get(asset, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe('export const sent = "plain";');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown paths with the app and a 404 status, so the app shows its 404 screen', async () => {
    const page = await t.get('/esto/no/existe');
    expect(page.status).toBe(404);
    expect(page.body).toContain('<div id="root"><div aria-busy="true"><header class="boot-header">');
  });

  it("paints the product's shell from the HTML: the header with the site's name and links, and the page's shape", async () => {
    const wall = (await t.get('/muro')).body;
    const [head, body] = wall.split('</head>') as [string, string];
    // Its styles inline, in the head; its markup in the app's root, which React replaces.
    expect(head).toMatch(/<style>[^<]*\.boot-bar\{[^}]*height:60px/);
    expect(body).toContain('<a href="/" class="boot-home" aria-label="nómadas.tv, ir al inicio">');
    expect(body).toContain('<span class="boot-word">nómadas<span class="boot-tld">.tv</span></span>');
    for (const [path, name] of [
      ['/mapa', 'Mapa'],
      ['/canales', 'Canales'],
      ['/muro', 'Muro'],
    ])
      expect(body).toContain(`<a href="${path}">${name}</a>`);
    // A picture for the eyes only; screen readers hear that the page is loading.
    expect(body).toMatch(/<div aria-hidden="true"><div class="boot-main">/);
    expect(body).toContain('<p role="status"');
    expect(body).toContain('Cargando…');
    // The page's shape from its route: the wall's grid, the map's canvas, a page's title and cards.
    expect(body).toContain('boot-tile');
    expect((await t.get('/mapa')).body).toContain('boot-map');
    expect((await t.get('/contacto')).body).toContain('boot-card');
  });

  it('serves hashed assets as immutable and refuses missing files without HTML', async () => {
    const asset = await t.get('/assets/landing-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await t.get('/assets/landing-old.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('text/html');
  });

  it("has the service worker and the shell it precaches revalidated on every request, at the site's root", async () => {
    const worker = await t.get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const compressed = await t.get('/sw.js', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('cache-control')).toBe('no-cache');
    // The build's own page, slots unfilled: the same bytes for everyone, which the worker checks by their hash.
    const shell = await t.get('/index.html');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.body).toContain('<!--app-config-->');
    expect(shell.body).not.toContain('app-settings');
    expect((await t.get('/manifest.webmanifest')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends security headers', async () => {
    const page = await t.get('/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // The map's raster tiles (MAP_TILE_URL), from that tile server only.
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org(;|$)/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toBeTruthy();
  });

  it('documents the API with OpenAPI at /api/docs', async () => {
    const ui = await t.get('/api/docs/');
    expect(ui.status).toBe(200);
    const spec = await t.get('/api/docs/json');
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/contacto']),
    );
  });
});
