import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * A PMTiles v3 archive written in one go (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md).
 * No maintained JavaScript writer exists (the `pmtiles` package only reads; go-pmtiles and the Python package
 * write), and the format is small: a 127-byte header, a gzipped root directory within the first 16 KiB (leaf
 * directories when it would not fit), gzipped JSON metadata, then the tile data. Tiles with the same bytes are
 * stored once (by hash), and consecutive tile ids with the same content become one entry with a run length.
 */

const HEADER_BYTES = 127;
/** Readers fetch the first 16 KiB: the header and the root directory must fit in it. */
const ROOT_MAX_BYTES = 16_384 - HEADER_BYTES;
const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;

export interface PmtilesTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes, not yet compressed (an MVT). */
  data: Uint8Array;
}

export interface PmtilesOptions {
  /** JSON stored as the archive's metadata (vector_layers, attribution…). */
  metadata: Record<string, unknown>;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** The tile's position on the Hilbert curve of its zoom, after every tile of the zooms before it. */
export function zxyToTileId(z: number, x: number, y: number): number {
  let id = (4 ** z - 1) / 3;
  const n = 2 ** z;
  let [tx, ty] = [x, y];
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) [tx, ty] = [n - 1 - tx, n - 1 - ty];
      [tx, ty] = [ty, tx];
    }
  }
  return id;
}

function varint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory: counts, then delta-coded ids, run lengths, lengths, and offsets (0 = right after the last). */
function encodeDirectory(entries: readonly Entry[]): Buffer {
  const out: number[] = [];
  varint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    varint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) varint(out, entry.runLength);
  for (const entry of entries) varint(out, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    varint(out, previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

/** The root directory, with leaves of `leafSize` entries when the whole list does not fit in it. */
function directories(entries: readonly Entry[]): { root: Buffer; leaves: Buffer } {
  const whole = encodeDirectory(entries);
  if (whole.length <= ROOT_MAX_BYTES) return { root: whole, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: Entry[] = [];
    const leafParts: Buffer[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = encodeDirectory(entries.slice(i, i + leafSize));
      // A run length of 0 marks an entry that points at a leaf directory.
      rootEntries.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      offset += leaf.length;
    }
    const root = encodeDirectory(rootEntries);
    if (root.length <= ROOT_MAX_BYTES) return { root, leaves: Buffer.concat(leafParts) };
  }
}

const e7 = (degrees: number) => Math.round(degrees * 1e7);

/** The archive's bytes. Tiles may come in any order; empty ones should be left out by the caller. */
export function writePmtiles(tiles: readonly PmtilesTile[], options: PmtilesOptions): Buffer {
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const stored = new Map<string, { offset: number; length: number }>();
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const entries: Entry[] = [];
  for (const tile of sorted) {
    const hash = createHash('sha256').update(tile.data).digest('base64');
    let place = stored.get(hash);
    if (!place) {
      const compressed = gzipSync(tile.data);
      place = { offset: dataLength, length: compressed.length };
      stored.set(hash, place);
      dataParts.push(compressed);
      dataLength += compressed.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === place.offset && last.tileId + last.runLength === tile.tileId)
      last.runLength += 1;
    else entries.push({ tileId: tile.tileId, offset: place.offset, length: place.length, runLength: 1 });
  }

  const { root, leaves } = directories(entries);
  const metadata = gzipSync(JSON.stringify(options.metadata));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;
  const zooms = sorted.map((tile) => tile.z);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(leavesOffset, 40);
  u64(leaves.length, 48);
  u64(dataOffset, 56);
  u64(dataLength, 64);
  u64(sorted.length, 72); // addressed tiles
  u64(entries.length, 80); // tile entries
  u64(stored.size, 88); // tile contents
  header.writeUInt8(1, 96); // clustered: the data is in tile id order
  header.writeUInt8(COMPRESSION_GZIP, 97); // directories and metadata
  header.writeUInt8(COMPRESSION_GZIP, 98); // tiles
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const [west, south, east, north] = options.bounds;
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  const [centerLng, centerLat, centerZoom] = options.center;
  header.writeUInt8(centerZoom, 118);
  header.writeInt32LE(e7(centerLng), 119);
  header.writeInt32LE(e7(centerLat), 123);
  return Buffer.concat([header, root, metadata, leaves, ...dataParts]);
}
