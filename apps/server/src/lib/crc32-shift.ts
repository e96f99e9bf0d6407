/**
 * CRC-32 arithmetic that Node's zlib does not expose (zlib's crc32_combine, multmodp and x2nmodp, in
 * crc32.c): what a CRC becomes when `bytes` zero bytes follow its message. With it, the CRC of a message
 * whose parts change (a wall page's marks) is its parts' precomputed CRCs combined, not its bytes read again.
 */
const POLY = 0xedb88320;

/** a × b modulo the CRC's polynomial, in zlib's reflected representation. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k < 32. */
const X2N_TABLE = [0x40000000];
for (let k = 1; k < 32; k++) X2N_TABLE.push(multModP(X2N_TABLE[k - 1]!, X2N_TABLE[k - 1]!));

/** x^(n × 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  for (; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multModP(X2N_TABLE[k & 31]!, p);
  return p;
}

/**
 * The register `crc` moved on by `bytes` zero bytes. CRC-32 is affine: for messages of one length,
 * crc(x) ^ crc(y) ^ crc(z) = crc(x ^ y ^ z), and so a part `d` followed by `bytes` more changes a message's
 * CRC by crc32Shift(crc32(d) ^ crc32(zeros(d.length)), bytes), whatever came before it.
 */
export function crc32Shift(crc: number, bytes: number): number {
  return multModP(x2nModP(bytes, 3), crc);
}
