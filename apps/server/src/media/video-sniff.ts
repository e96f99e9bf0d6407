import fs from 'node:fs/promises';

/** Containers a phone or a camera writes video in, recognised by their first bytes. */
export type VideoContainer = 'iso-bmff' | 'matroska' | 'avi' | 'mpeg-ts' | 'mpeg-ps';

/** Enough for every signature below (three MPEG-TS packets of 192 bytes). */
export const SNIFF_BYTES = 1024;

/** ISO-BMFF brands of still images (HEIC, AVIF, JPEG 2000…): an `ftyp` box that is not a video. */
const IMAGE_BRANDS = new Set([
  'mif1',
  'msf1',
  'heic',
  'heix',
  'heim',
  'heis',
  'avif',
  'avis',
  'jp2 ',
  'crx ',
]);
/** Top-level boxes an older QuickTime file may start with instead of `ftyp`. */
const QUICKTIME_FIRST_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip']);

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** MPEG transport stream: a sync byte every `packet` bytes from `offset` (188, or 192 for M2TS). */
function isTransportStream(head: Buffer, offset: number, packet: number): boolean {
  if (head.length < offset + 2 * packet + 1) return false;
  return [0, 1, 2].every((n) => head[offset + n * packet] === 0x47);
}

/**
 * The container of a file by its first bytes (not its name or declared type); undefined when it is
 * not a video container we accept. The decoder has the last word: ffprobe must still find a video stream.
 */
export function sniffVideoContainer(head: Buffer): VideoContainer | undefined {
  if (head.length >= 12) {
    const box = ascii(head, 4, 8);
    if (box === 'ftyp') return IMAGE_BRANDS.has(ascii(head, 8, 12)) ? undefined : 'iso-bmff';
    if (QUICKTIME_FIRST_BOXES.has(box) && head.readUInt32BE(0) >= 8) return 'iso-bmff';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (isTransportStream(head, 0, 188) || isTransportStream(head, 4, 192)) return 'mpeg-ts';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return 'mpeg-ps';
  return undefined;
}

/** The first SNIFF_BYTES of a file (fewer when it is shorter). */
export async function readFileHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
