import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromGeojsonVt } from 'vt-pbf';
import { writePmtiles, type PmtilesTile } from '../packages/demo/src/basemap/pmtiles-writer';
import { startApp, type AppProcess } from '../apps/server/src/test/app-process';
import { launchBrowser } from './browser';
import { baseMapDrawn, openAs } from './support';

// Regions of an operator's large extract saved for use offline (#31): an archive of synthetic tiles (stripes
// of land with a filler that does not compress, about 1 KB each) over the peninsula and the Canaries to zoom 11,
// served with ranges from a loopback host the app's MAP_PMTILES_URL points at. Saving Asturias fetches Asturias'
// tiles and no other; offline, Asturias draws from the saved bytes and the Canaries stay empty.

type Box = [west: number, south: number, east: number, north: number];
const PENINSULA: Box = [-9.5, 35.9, 3.4, 43.9];
const CANARIES: Box = [-18.2, 27.6, -13.4, 29.5];
/** es-atlas' box of the Principado de Asturias (apps/web's spainRegions.ts). */
const ASTURIAS: Box = [-7.18, 42.88, -4.51, 43.66];
const MAX_ZOOM = 11;

function tilesIn([west, south, east, north]: Box, z: number): Array<[number, number, number]> {
  const n = 2 ** z;
  const col = (lng: number) => Math.floor(((lng + 180) / 360) * n);
  const row = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  };
  const out: Array<[number, number, number]> = [];
  for (let x = col(west); x <= col(east); x++)
    for (let y = row(north); y <= row(south); y++) out.push([z, x, y]);
  return out;
}

// Stripes of land and sea 1,024 units wide: any quarter of a tile (a canvas tile drawn one zoom in) shows both.
const stripe = (left: number) => [
  [left, 0],
  [left + 1024, 0],
  [left + 1024, 4096],
  [left, 4096],
  [left, 0],
];
function syntheticTile(z: number, x: number, y: number): PmtilesTile {
  const earth = {
    features: [0, 2048].map((left) => ({
      type: 3,
      geometry: [stripe(left)],
      tags: { filler: randomBytes(300).toString('base64') },
    })),
  };
  return { z, x, y, data: fromGeojsonVt({ earth } as never, { version: 2, extent: 4096 }) };
}

/** The archive, and where each tile's bytes sit in it (the writer stores them in tile id order, none shared). */
function largeArchive() {
  const tiles: PmtilesTile[] = [];
  const seen = new Set<number>();
  for (let z = 0; z <= MAX_ZOOM; z++)
    for (const box of [PENINSULA, CANARIES])
      for (const [tz, x, y] of tilesIn(box, z)) {
        const id = zxyToTileId(tz, x, y);
        if (!seen.has(id)) tiles.push(syntheticTile(tz, x, y));
        seen.add(id);
      }
  const archive = writePmtiles(tiles, {
    bounds: [-18.2, 27.6, 3.4, 43.9],
    center: [-3.7, 40.4, 6],
    metadata: { name: 'España (sintético)', vector_layers: [{ id: 'earth', fields: {} }] },
  });
  const dataOffset = Number(archive.readBigUInt64LE(56));
  const places = new Map<number, { offset: number; length: number }>();
  let offset = dataOffset;
  for (const tile of [...tiles].sort((a, b) => zxyToTileId(a.z, a.x, a.y) - zxyToTileId(b.z, b.x, b.y))) {
    const length = gzipSync(tile.data).length;
    places.set(zxyToTileId(tile.z, tile.x, tile.y), { offset, length });
    offset += length;
  }
  return { archive, dataOffset, places };
}

/** A static host for the archive, with ranges and CORS, that notes each range it answers. */
async function serveArchive(archive: Buffer) {
  const served: Array<{ offset: number; length: number }> = [];
  const server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length, ETag');
    if (request.method === 'OPTIONS') {
      response.setHeader(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? '*',
      );
      return response.writeHead(204).end();
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (!range) return response.writeHead(200, { 'Content-Length': archive.length }).end(archive);
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), archive.length - 1);
    served.push({ offset: start, length: end - start + 1 });
    response.writeHead(206, {
      'Content-Range': `bytes ${start}-${end}/${archive.length}`,
      'Content-Length': end - start + 1,
      'Content-Type': 'application/octet-stream',
    });
    response.end(archive.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/espana.pmtiles`, served, server };
}

let browser: Browser;
let app: AppProcess;
let dataDir = '';
let host: Awaited<ReturnType<typeof serveArchive>>;
let large: ReturnType<typeof largeArchive>;
beforeAll(async () => {
  large = largeArchive();
  host = await serveArchive(large.archive);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-regions-'));
  await fs.chmod(dataDir, 0o755);
  [browser, app] = await Promise.all([
    launchBrowser(),
    startApp({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100', MAP_PMTILES_URL: host.url }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  host?.server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Whether the map has laid out canvas tiles of its base. */
const tilesLoaded = (page: Page) =>
  page.locator('.leaflet-tile-pane canvas.leaflet-tile-loaded').first().waitFor();

describe('a region of a large extract saved for use offline', () => {
  it('fetches only the region’s tiles, and offline draws them while the rest of the map stays empty', async () => {
    expect(large.archive.length).toBeGreaterThan(4_000_000);
    const { page, context, errors } = await openAs(browser, '/mapa?lat=43.3&lng=-5.8&z=9', {
      baseUrl: app.baseUrl,
      serviceWorker: true,
    });
    try {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await expect.poll(() => baseMapDrawn(page)).toBe(true);
      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      await page.getByRole('combobox', { name: 'Zona', exact: true }).selectOption('Principado de Asturias');
      const size = page.getByText(/^Principado de Asturias · \d+,\d MB$/);
      await size.waitFor();
      await page.screenshot({ path: '/tmp/shots-regions/panel-desktop.png' });

      host.served.length = 0;
      await page.getByRole('button', { name: 'Guardar Principado de Asturias' }).click();
      const saved = page.getByRole('list', { name: 'Zonas guardadas' }).getByRole('listitem');
      await saved.filter({ hasText: 'Principado de Asturias' }).waitFor();
      await saved.filter({ hasText: /\d+,\d MB · nivel 11/ }).waitFor();
      await page.screenshot({ path: '/tmp/shots-regions/saved-desktop.png' });

      // The tiles whose bytes were fetched are exactly those covering Asturias at zooms 0 to 11.
      const expected = new Set<number>();
      for (let z = 0; z <= MAX_ZOOM; z++)
        for (const [tz, x, y] of tilesIn(ASTURIAS, z)) {
          const id = zxyToTileId(tz, x, y);
          if (large.places.has(id)) expected.add(id);
        }
      const fetched = new Set<number>();
      let tileBytes = 0;
      for (const range of host.served) {
        if (range.offset < large.dataOffset) continue;
        tileBytes += range.length;
        for (const [id, place] of large.places)
          if (place.offset < range.offset + range.length && range.offset < place.offset + place.length)
            fetched.add(id);
      }
      expect([...fetched].sort()).toEqual([...expected].sort());
      const expectedBytes = [...expected].reduce((sum, id) => sum + large.places.get(id)!.length, 0);
      expect(tileBytes).toBe(expectedBytes);
      // Merged: far fewer requests than tiles.
      expect(host.served.length).toBeLessThan(expected.size / 2);

      await context.setOffline(true);
      await page.goto(`${app.baseUrl}/mapa?lat=43.3&lng=-5.8&z=10`);
      await expect.poll(() => baseMapDrawn(page)).toBe(true);

      await page.goto(`${app.baseUrl}/mapa?lat=28.3&lng=-16.5&z=10`);
      await tilesLoaded(page);
      expect(await baseMapDrawn(page)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the panel on a phone', async () => {
    const { page, context } = await openAs(browser, '/mapa?lat=43.3&lng=-5.8&z=9', {
      baseUrl: app.baseUrl,
      phone: true,
    });
    try {
      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      await page.getByRole('combobox', { name: 'Zona', exact: true }).selectOption('p-Asturias');
      await page.getByText(/^Asturias · \d+,\d MB$/).waitFor();
      await page.getByRole('button', { name: 'Guardar Asturias' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/shots-regions/panel-phone.png' });
    } finally {
      await context.close();
    }
  });
});

describe("a region of the app's own archive", () => {
  it('is sized, saved and drawn with no connection (what `npm start` shows)', async () => {
    const { page, context, errors } = await openAs(browser, '/mapa?lat=43.3&lng=-5.8&z=8', {
      serviceWorker: true,
    });
    try {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.getByRole('button', { name: 'Usar sin conexión' }).click();
      await page.getByRole('combobox', { name: 'Zona', exact: true }).selectOption('p-Asturias');
      await page.getByText(/^Asturias · \d+,\d MB$/).waitFor();
      await page.getByRole('button', { name: 'Guardar Asturias' }).click();
      await page
        .getByRole('list', { name: 'Zonas guardadas' })
        .getByRole('listitem')
        .filter({ hasText: /^Asturias\d+,\d MB · nivel 10/ })
        .waitFor();

      // One zoom in: tiles the map never asked for online, so only the saved region can draw them.
      await context.setOffline(true);
      await page.goto(`${new URL(page.url()).origin}/mapa?lat=43.3&lng=-5.8&z=9`);
      await expect.poll(() => baseMapDrawn(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
