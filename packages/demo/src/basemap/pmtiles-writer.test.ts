import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { PMTiles, zxyToTileId as readersTileId, type Source } from 'pmtiles';
import { fromGeojsonVt } from 'vt-pbf';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.js';
import { buildBasemap } from './basemap.js';
import { writePmtiles, zxyToTileId } from './pmtiles-writer.js';

/** The archive's bytes as the `pmtiles` reader asks for them: ranges. */
function bufferSource(bytes: Buffer): Source & { reads: Array<[number, number]> } {
  const reads: Array<[number, number]> = [];
  return {
    reads,
    getKey: () => 'archive',
    getBytes: async (offset, length) => {
      reads.push([offset, length]);
      return { data: new Uint8Array(bytes.subarray(offset, offset + length)).buffer };
    },
  };
}

const pointTile = (name: string) =>
  fromGeojsonVt(
    { places: { features: [{ type: 1, geometry: [[100, 200]], tags: { name } }] } },
    { version: 2 },
  );

const decode = (data: ArrayBuffer) => new VectorTile(new Pbf(new Uint8Array(data)));

describe('the PMTiles v3 writer', () => {
  it('numbers tiles along the Hilbert curve as the reader does', () => {
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 1, 0],
      [3, 5, 2],
      [10, 502, 385],
      [12, 4000, 1234],
    ] as const)
      expect(zxyToTileId(z, x, y)).toBe(readersTileId(z, x, y));
  });

  it('writes an archive the pmtiles reader reads back: header, tiles, repeated tiles stored once', async () => {
    const sea = pointTile('Mar');
    const tiles = [
      { z: 0, x: 0, y: 0, data: pointTile('Mundo') },
      { z: 2, x: 1, y: 1, data: pointTile('Madrid') },
      // The same bytes three times, two of them neighbours on the curve: one copy, a run length of 2.
      ...[
        [3, 0, 0],
        [3, 0, 1],
        [3, 7, 7],
      ].map(([z, x, y]) => ({ z: z!, x: x!, y: y!, data: sea })),
    ];
    const bytes = writePmtiles(tiles, {
      bounds: [-10, 35, 5, 44],
      center: [-3.7, 40.4, 2],
      metadata: { name: 'prueba' },
    });
    const archive = new PMTiles(bufferSource(bytes));
    const header = await archive.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 3,
      numAddressedTiles: 5,
      numTileEntries: 4,
      numTileContents: 3,
      clustered: true,
      tileType: 1,
      tileCompression: 2,
      minLon: -10,
      maxLat: 44,
      centerZoom: 2,
    });
    expect(await archive.getMetadata()).toEqual({ name: 'prueba' });
    const madrid = await archive.getZxy(2, 1, 1);
    expect(decode(madrid!.data).layers.places!.feature(0).properties).toEqual({ name: 'Madrid' });
    for (const [x, y] of [
      [0, 0],
      [0, 1],
      [7, 7],
    ])
      expect(decode((await archive.getZxy(3, x!, y!))!.data).layers.places!.feature(0).properties.name).toBe(
        'Mar',
      );
    expect(await archive.getZxy(3, 1, 1)).toBeUndefined();
  });

  it('puts big directories in leaves, the root still within the first 16 KiB', async () => {
    // Scattered tiles (ids far apart) do not compress: 15,000 of them cannot fit in the root.
    const picked = new Map<string, { z: number; x: number; y: number; data: Uint8Array }>();
    const random = createRandom('leaves');
    while (picked.size < 15_000) {
      const [x, y] = [random.int(0, 4095), random.int(0, 4095)];
      picked.set(`${x}/${y}`, { z: 12, x, y, data: Buffer.from(`${x}/${y}`) });
    }
    const bytes = writePmtiles([...picked.values()], {
      bounds: [-180, -85, 180, 85],
      center: [0, 0, 12],
      metadata: {},
    });
    const archive = new PMTiles(bufferSource(bytes));
    const header = await archive.getHeader();
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    for (const { x, y } of [...picked.values()].filter((_, i) => i % 5000 === 0)) {
      const tile = await archive.getZxy(12, x, y);
      expect(Buffer.from(tile!.data).toString()).toBe(`${x}/${y}`);
    }
  });
});

describe("the demo's base map", () => {
  it('has land, borders and towns for Spain, small towns only at higher zooms', async () => {
    const { archive: bytes } = buildBasemap(8);
    const archive = new PMTiles(bufferSource(bytes));
    expect(await archive.getHeader()).toMatchObject({ minZoom: 0, maxZoom: 8 });
    // Zoom 5 over Madrid (x 15, y 12): land, regions and provinces, and only province capitals.
    const whole = decode((await archive.getZxy(5, 15, 12))!.data);
    expect(whole.layers.earth!.length).toBeGreaterThan(0);
    const kinds = new Set(
      Array.from(
        { length: whole.layers.boundaries!.length },
        (_, i) => whole.layers.boundaries!.feature(i).properties.kind,
      ),
    );
    expect([...kinds].sort()).toEqual(['country', 'province', 'region']);
    const names = (tile: VectorTile) =>
      Array.from(
        { length: tile.layers.places?.length ?? 0 },
        (_, i) => tile.layers.places!.feature(i).properties,
      );
    expect(names(whole).map((place) => place.name)).toContain('Madrid');
    expect(names(whole).every((place) => place.rank === 0)).toBe(true);
    // Zoom 8 there: towns that name their municipality too.
    const near = decode((await archive.getZxy(8, 125, 97))!.data);
    expect(names(near).some((place) => place.rank === 1)).toBe(true);
    // Tenerife, at zoom 8.
    expect(decode((await archive.getZxy(8, 116, 107))!.data).layers.earth!.length).toBeGreaterThan(0);
  }, 30_000);
});
