import { zxyToTileId } from 'pmtiles';
import type { Bbox } from '@nomadas/shared';

/** A run of bytes of the archive. */
export interface ByteRange {
  offset: number;
  length: number;
}

/** Web Mercator's last latitude: tiles end there. */
const MAX_LAT = 85.0511;

/** The tile column and row holding a point at zoom z (clamped to the world). */
function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const clampedLat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const r = (clampedLat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [Math.max(0, Math.min(n - 1, x)), Math.max(0, Math.min(n - 1, y))];
}

/** How many tiles cover the box at zooms minZoom..maxZoom, to refuse a region too large before listing them. */
export function countTiles(box: Bbox, minZoom: number, maxZoom: number): number {
  let count = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const [x0, y0] = tileAt(box[0], box[3], z);
    const [x1, y1] = tileAt(box[2], box[1], z);
    count += (x1 - x0 + 1) * (y1 - y0 + 1);
  }
  return count;
}

/** The PMTiles ids of the tiles covering the box [west, south, east, north] at zooms minZoom..maxZoom, ascending. */
export function tilesCovering(box: Bbox, minZoom: number, maxZoom: number): number[] {
  const ids: number[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const [x0, y0] = tileAt(box[0], box[3], z);
    const [x1, y1] = tileAt(box[2], box[1], z);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) ids.push(zxyToTileId(z, x, y));
  }
  return ids.sort((a, b) => a - b);
}

/**
 * Ranges sorted, the repeated ones (tiles of the same content, stored once) counted once, and those that touch or
 * overlap joined: a region's tiles sit in runs along the archive's curve, so a few requests fetch them all.
 */
export function mergeRanges(ranges: readonly ByteRange[]): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => a.offset - b.offset);
  const merged: ByteRange[] = [];
  for (const { offset, length } of sorted) {
    const last = merged.at(-1);
    if (last && offset <= last.offset + last.length)
      last.length = Math.max(last.length, offset + length - last.offset);
    else merged.push({ offset, length });
  }
  return merged;
}

/** A range cut into pieces of at most `size` bytes (how they are stored, so one read never loads a large one). */
export function splitRange({ offset, length }: ByteRange, size: number): ByteRange[] {
  const pieces: ByteRange[] = [];
  for (let start = offset; start < offset + length; start += size)
    pieces.push({ offset: start, length: Math.min(size, offset + length - start) });
  return pieces;
}

/**
 * The bytes [offset, offset + length) cut from stored pieces (sorted by offset), or null when the pieces leave
 * part of it out: a read is served whole from the device or not at all.
 */
export function cutFromPieces(
  pieces: ReadonlyArray<{ offset: number; data: ArrayBuffer }>,
  { offset, length }: ByteRange,
): ArrayBuffer | null {
  const out = new Uint8Array(length);
  let covered = 0;
  for (const piece of pieces) {
    const bytes = new Uint8Array(piece.data);
    if (piece.offset > offset + covered) return null;
    const from = offset + covered - piece.offset;
    if (from >= bytes.length) continue;
    const take = Math.min(bytes.length - from, length - covered);
    out.set(bytes.subarray(from, from + take), covered);
    covered += take;
    if (covered === length) return out.buffer;
  }
  return null;
}

export const totalBytes = (ranges: readonly ByteRange[]) =>
  ranges.reduce((sum, range) => sum + range.length, 0);
