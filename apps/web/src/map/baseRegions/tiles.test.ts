import { describe, expect, it } from 'vitest';
import { tileIdToZxy, zxyToTileId } from 'pmtiles';
import { countTiles, cutFromPieces, mergeRanges, splitRange, tilesCovering, totalBytes } from './tiles';

describe('tilesCovering', () => {
  it('lists the tiles of each zoom that cover the box, by tile id', () => {
    // Between Madrid and Guadalajara: two tiles at zoom 6 (one above the other), 2 x 2 at zoom 7.
    const box = [-3.5, 40.4, -2.5, 41.2] as const;
    const ids = tilesCovering([...box], 0, 7);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const byZoom = ids.map(tileIdToZxy);
    expect(byZoom.filter(([z]) => z === 0)).toEqual([[0, 0, 0]]);
    expect(byZoom.filter(([z]) => z === 6).sort()).toEqual([
      [6, 31, 23],
      [6, 31, 24],
    ]);
    expect(byZoom.filter(([z]) => z === 7).sort()).toEqual([
      [7, 62, 47],
      [7, 62, 48],
      [7, 63, 47],
      [7, 63, 48],
    ]);
    expect(ids).toHaveLength(countTiles([...box], 0, 7));
  });

  it('starts at the given zoom and holds the poles and the antimeridian in the world', () => {
    const ids = tilesCovering([-180, -90, 180, 90], 2, 2);
    expect(ids).toHaveLength(16);
    expect(ids[0]).toBe(zxyToTileId(2, 0, 0));
  });

  it('counts a whole country at a high zoom without listing it', () => {
    expect(countTiles([-9.3, 36, 3.3, 43.8], 12, 12)).toBe(144 * 117);
  });
});

describe('mergeRanges', () => {
  it('joins touching and overlapping ranges and counts a repeated one once', () => {
    const merged = mergeRanges([
      { offset: 100, length: 10 },
      { offset: 0, length: 50 },
      { offset: 50, length: 20 },
      { offset: 100, length: 10 },
      { offset: 105, length: 2 },
    ]);
    expect(merged).toEqual([
      { offset: 0, length: 70 },
      { offset: 100, length: 10 },
    ]);
    expect(totalBytes(merged)).toBe(80);
  });

  it('keeps a gap of one byte apart', () => {
    expect(
      mergeRanges([
        { offset: 0, length: 10 },
        { offset: 11, length: 5 },
      ]),
    ).toHaveLength(2);
  });
});

describe('splitRange', () => {
  it('cuts a range into pieces no longer than asked, end to end', () => {
    expect(splitRange({ offset: 10, length: 25 }, 10)).toEqual([
      { offset: 10, length: 10 },
      { offset: 20, length: 10 },
      { offset: 30, length: 5 },
    ]);
  });
});

describe('cutFromPieces', () => {
  const piece = (offset: number, length: number) => ({
    offset,
    data: Uint8Array.from({ length }, (_, i) => (offset + i) % 256).buffer,
  });
  const bytes = (offset: number, length: number) => Array.from({ length }, (_, i) => (offset + i) % 256);

  it('cuts a read from one piece or across touching ones', () => {
    const pieces = [piece(100, 10), piece(110, 10), piece(120, 5)];
    expect([...new Uint8Array(cutFromPieces(pieces, { offset: 102, length: 5 })!)]).toEqual(bytes(102, 5));
    expect([...new Uint8Array(cutFromPieces(pieces, { offset: 105, length: 18 })!)]).toEqual(bytes(105, 18));
  });

  it('answers null when the pieces leave a gap, start late or end early', () => {
    expect(cutFromPieces([piece(100, 10), piece(111, 10)], { offset: 105, length: 10 })).toBeNull();
    expect(cutFromPieces([piece(100, 10)], { offset: 98, length: 5 })).toBeNull();
    expect(cutFromPieces([piece(100, 10)], { offset: 105, length: 10 })).toBeNull();
  });
});
