import { describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { highlightSegments } from './highlight';
import { fitWithin, formatBytes, photoProblem } from './photo';

describe('highlightSegments', () => {
  it('tints hashtags and mentions', () => {
    expect(highlightSegments('Ruta por #Galicia con @marta_v!')).toEqual([
      { kind: 'text', text: 'Ruta por ', over: false },
      { kind: 'hashtag', text: '#Galicia', over: false },
      { kind: 'text', text: ' con ', over: false },
      { kind: 'mention', text: '@marta_v', over: false },
      { kind: 'text', text: '!', over: false },
    ]);
  });

  it('marks what goes over the limit, splitting the run it falls in', () => {
    expect(highlightSegments('abc #tag', 6)).toEqual([
      { kind: 'text', text: 'abc ', over: false },
      { kind: 'hashtag', text: '#t', over: false },
      { kind: 'hashtag', text: 'ag', over: true },
    ]);
  });

  it('counts an emoji as one character, and never cuts it in half', () => {
    const segments = highlightSegments('🚐🚐🚐x', 3);
    expect(segments).toEqual([
      { kind: 'text', text: '🚐🚐🚐', over: false },
      { kind: 'text', text: 'x', over: true },
    ]);
    expect(highlightSegments('🚐'.repeat(500))).toHaveLength(1);
  });
});

describe('photo checks', () => {
  const file = (type: string, size: number) => ({ type, size });

  it('accepts photos up to 15 MB', () => {
    expect(photoProblem(file('image/jpeg', 15 * 1024 * 1024))).toBeNull();
    expect(photoProblem(file('', 1000))).toBeNull();
  });

  it('refuses what is not a raster image, an empty file and more than 15 MB', () => {
    expect(photoProblem(file('application/pdf', 1000))).toBe(MSG.postImageInvalid);
    expect(photoProblem(file('image/svg+xml', 1000))).toBe(MSG.postImageInvalid);
    expect(photoProblem(file('image/png', 0))).toBe(MSG.postImageEmpty);
    expect(photoProblem(file('image/png', 15 * 1024 * 1024 + 1))).toBe(
      'La foto no puede ocupar más de 15 MB',
    );
  });

  it('shrinks only what is over 2560 px', () => {
    expect(fitWithin(2560, 1440)).toBeNull();
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 6000)).toEqual({ width: 1280, height: 2560 });
  });

  it('writes sizes the Spanish way', () => {
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatBytes(4.25 * 1024 * 1024)).toBe('4,3 MB');
  });
});
