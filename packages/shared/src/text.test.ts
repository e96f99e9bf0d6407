import { describe, expect, it } from 'vitest';
import { extractHashtags, extractMentions, hasVisibleText, textLength, tokenizeText } from './text.js';

describe('textLength', () => {
  it('counts a surrogate pair as one character', () => {
    expect(textLength('🚐')).toBe(1);
    expect('🚐'.length).toBe(2);
    expect(textLength('hola 🚐🌄')).toBe(7);
  });
  it('counts accented letters once', () => {
    expect(textLength('nómada')).toBe(6);
  });
});

describe('hashtags and mentions', () => {
  it('finds hashtags of word characters, lowercased, once each', () => {
    expect(extractHashtags('Ruta por #Galicia y #galicia, luego #Pirineos!')).toEqual([
      'galicia',
      'pirineos',
    ]);
  });
  it('keeps Spanish letters inside a hashtag', () => {
    expect(extractHashtags('#españa #añoNuevo')).toEqual(['españa', 'añonuevo']);
  });
  it('stops a hashtag at 50 characters', () => {
    const [tag] = extractHashtags(`#${'a'.repeat(60)}`);
    expect(tag).toHaveLength(50);
  });
  it('finds mentions of lowercase letters, digits and underscore only', () => {
    expect(extractMentions('hola @ana_88 y @Pedro')).toEqual(['ana_88']);
  });
  it('tokenizes text into plain runs, hashtags and mentions', () => {
    expect(tokenizeText('Mira #playa con @luis.')).toEqual([
      { kind: 'text', text: 'Mira ' },
      { kind: 'hashtag', text: '#playa', tag: 'playa' },
      { kind: 'text', text: ' con ' },
      { kind: 'mention', text: '@luis', username: 'luis' },
      { kind: 'text', text: '.' },
    ]);
  });
  it('leaves hashtags as text inside comments', () => {
    expect(tokenizeText('#playa @luis', false)).toEqual([
      { kind: 'text', text: '#playa ' },
      { kind: 'mention', text: '@luis', username: 'luis' },
    ]);
  });
});

describe('hasVisibleText', () => {
  it('needs one non-whitespace character', () => {
    expect(hasVisibleText('  \n\t ')).toBe(false);
    expect(hasVisibleText(' a ')).toBe(true);
  });
});
