import { describe, expect, it } from 'vitest';
import { sniffVideoContainer } from './video-sniff.js';

/** An ISO-BMFF file's first box: size, type, then (for ftyp) the major brand. */
const box = (type: string, brand = '') =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(type + brand, 'latin1'), Buffer.alloc(20)]);

const transportStream = (packet: number, offset: number) => {
  const bytes = Buffer.alloc(offset + 3 * packet + 8, 0xff);
  for (let n = 0; n < 3; n++) bytes[offset + n * packet] = 0x47;
  return bytes;
};

describe('sniffVideoContainer', () => {
  it('recognises MP4, MOV and 3GP by their ftyp box, whatever the brand of video', () => {
    for (const brand of ['isom', 'mp42', 'qt  ', '3gp4', 'M4V ']) {
      expect(sniffVideoContainer(box('ftyp', brand)), brand).toBe('iso-bmff');
    }
  });

  it('recognises an older QuickTime file that starts with its movie or data box', () => {
    expect(sniffVideoContainer(box('moov'))).toBe('iso-bmff');
    expect(sniffVideoContainer(box('wide'))).toBe('iso-bmff');
  });

  it('refuses still images that share the ftyp box (HEIC, AVIF)', () => {
    expect(sniffVideoContainer(box('ftyp', 'heic'))).toBeUndefined();
    expect(sniffVideoContainer(box('ftyp', 'avif'))).toBeUndefined();
    expect(sniffVideoContainer(box('ftyp', 'mif1'))).toBeUndefined();
  });

  it('recognises WebM/Matroska, AVI, MPEG-TS (and M2TS) and MPEG-PS', () => {
    expect(sniffVideoContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe(
      'matroska',
    );
    expect(sniffVideoContainer(Buffer.from('RIFF\x10\x00\x00\x00AVI LIST', 'latin1'))).toBe('avi');
    expect(sniffVideoContainer(transportStream(188, 0))).toBe('mpeg-ts');
    expect(sniffVideoContainer(transportStream(192, 4))).toBe('mpeg-ts');
    expect(sniffVideoContainer(Buffer.from([0, 0, 1, 0xba, 0x44, 0, 4, 0]))).toBe('mpeg-ps');
  });

  it('refuses text, images, audio and empty files whatever they are called', () => {
    expect(
      sniffVideoContainer(Buffer.from('Esto no es un vídeo, es un texto llamado video.mp4\n')),
    ).toBeUndefined();
    expect(
      sniffVideoContainer(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])),
    ).toBeUndefined();
    expect(sniffVideoContainer(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(sniffVideoContainer(Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'))).toBeUndefined();
    expect(sniffVideoContainer(Buffer.alloc(0))).toBeUndefined();
    // A single 0x47 is a 'G', not a transport stream.
    expect(sniffVideoContainer(Buffer.from('GIF89a'.padEnd(600, ' ')))).toBeUndefined();
  });
});
