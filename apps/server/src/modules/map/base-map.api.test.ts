import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MAP_ATTRIBUTIONS, RASTER_MAP_DEFAULT } from '@nomadas/shared';
import { loadConfig } from '../../config.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

// What is served does not hang on what the bytes are: any file stands for the archive.
const archive = crypto.randomBytes(50_000);
let file: string;
let t: TestServer;
beforeAll(async () => {
  file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-basemap-')), 'base.pmtiles');
  await fs.writeFile(file, archive);
  t = await startTestServer({ MAP_PMTILES_FILE: file });
});
afterAll(() => t?.close());

/** The answer, its body read (an unread one would hold the server's close). */
async function get(url: string, headers: Record<string, string> = {}, base = t.baseUrl) {
  const answer = await fetch(`${base}${url}`, { headers });
  const body = Buffer.from(await answer.arrayBuffer());
  return { status: answer.status, headers: answer.headers, body };
}

describe('GET /map/base.pmtiles', () => {
  it('answers a range with 206 and exactly those bytes, uncompressed, with an ETag', async () => {
    const answer = await get('/map/base.pmtiles', {
      range: 'bytes=100-16483',
      'accept-encoding': 'gzip, br',
    });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 100-16483/50000');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('etag')).toMatch(/^"\w+"$/);
    expect(answer.body.equals(archive.subarray(100, 16484))).toBe(true);

    const last = await get('/map/base.pmtiles', { range: 'bytes=-10' });
    expect(last.status).toBe(206);
    expect(last.body.equals(archive.subarray(-10))).toBe(true);
  });

  it('refuses a range past the end with 416', async () => {
    const answer = await get('/map/base.pmtiles', { range: 'bytes=50000-' });
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe('bytes */50000');
  });

  it('sends the whole file without a range, 304 to its ETag, and a year of cache to its versioned URL', async () => {
    const whole = await get('/map/base.pmtiles');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/vnd.pmtiles');
    expect(whole.body.equals(archive)).toBe(true);
    const etag = whole.headers.get('etag')!;
    expect((await get('/map/base.pmtiles', { 'if-none-match': etag })).status).toBe(304);
    // A range asked "if still this version" of an older one gets the whole new file.
    expect((await get('/map/base.pmtiles', { range: 'bytes=0-9', 'if-range': '"old"' })).status).toBe(200);

    // The page's settings point at the versioned URL.
    const { mapBase } = t.ctx.config;
    expect(mapBase).toEqual({
      kind: 'pmtiles',
      url: `/map/base.pmtiles?v=${etag.slice(1, -1)}`,
      attribution: BASE_MAP_ATTRIBUTIONS.nomadas,
      schema: 'nomadas',
    });
    const versioned = await get(mapBase.url, { range: 'bytes=0-126' });
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('the base the map draws', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), MAP_PMTILES_FILE: file, ...env }).mapBase;

  it('is raster tiles when MAP_TILE_URL is set, else an operator extract, else our archive, else OpenStreetMap', () => {
    expect(config({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' })).toMatchObject({
      kind: 'raster',
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
    });
    expect(config({ MAP_PMTILES_URL: 'https://cdn.example.org/spain.pmtiles' })).toEqual({
      kind: 'pmtiles',
      url: 'https://cdn.example.org/spain.pmtiles',
      attribution: BASE_MAP_ATTRIBUTIONS.protomaps,
      schema: 'protomaps',
    });
    expect(config({})).toMatchObject({ kind: 'pmtiles', schema: 'nomadas' });
    expect(config({ MAP_PMTILES_FILE: path.join(os.tmpdir(), 'none.pmtiles') })).toEqual(RASTER_MAP_DEFAULT);
  });

  it('lets the page fetch only from our origin by default, and from an operator extract when set', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
    const other = await startTestServer({ MAP_PMTILES_URL: 'https://cdn.example.org/spain.pmtiles' });
    try {
      const policy = (await get('/', {}, other.baseUrl)).headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.org/);
    } finally {
      await other.close();
    }
  });
});
