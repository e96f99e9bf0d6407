import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Shift } from './crc32-shift.js';

describe('crc32Shift', () => {
  it('combines the CRCs of two parts into the CRC of both, as zlib’s crc32_combine does', () => {
    for (const [first, second] of [
      [1, 1],
      [13, 0],
      [100, 4_093],
      [14_354, 37],
      [3, 70_000],
    ] as const) {
      const a = randomBytes(first);
      const b = randomBytes(second);
      expect((crc32Shift(crc32(a), b.length) ^ crc32(b)) >>> 0).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('tells what a part changes in a message’s CRC, wherever the part is', () => {
    const before = randomBytes(500);
    const after = randomBytes(1_234);
    const blank = Buffer.alloc(37);
    const part = randomBytes(37);
    const change = crc32Shift(crc32(part) ^ crc32(blank), after.length);
    expect((crc32(Buffer.concat([before, blank, after])) ^ change) >>> 0).toBe(
      crc32(Buffer.concat([before, part, after])),
    );
  });
});
