import { describe, expect, it } from 'vitest';
import { createEmojiIndex, EMOJI_CATEGORIES, type EmojiRow } from './emojiSearch';

const ROWS: EmojiRow[] = [
  ['😀', 'cara sonriendo', 0, 'cara feliz sonrisa'],
  ['❤️', 'corazón rojo', 0, 'amor corazón'],
  ['🌞', 'sol con cara', 1, 'brillante cielo sol'],
  ['🍎', 'manzana roja', 2, 'fruta manzana'],
  ['⚽', 'balón de fútbol', 3, 'balón deporte fútbol'],
  ['🚐', 'minibús', 4, 'autocaravana furgoneta vehículo'],
  ['🚗', 'coche', 4, 'automóvil vehículo'],
  ['🔦', 'linterna', 5, 'luz'],
  ['♻️', 'símbolo de reciclaje', 6, 'reciclar'],
  ['🇪🇸', 'bandera: España', 7, 'ES'],
];

describe('the emoji catalogue', () => {
  it('has the eight categories of spec §2, in order', () => {
    expect(EMOJI_CATEGORIES).toEqual([
      'people',
      'nature',
      'foods',
      'activity',
      'places',
      'objects',
      'symbols',
      'flags',
    ]);
    const index = createEmojiIndex(ROWS);
    expect(index.inCategory(4).map((row) => row[0])).toEqual(['🚐', '🚗']);
    expect(index.inCategory(7).map((row) => row[1])).toEqual(['bandera: España']);
  });

  it('finds by the start of words of the Spanish name or keywords, accents and case aside', () => {
    const index = createEmojiIndex(ROWS);
    const found = (query: string) => index.search(query).map((row) => row[0]);
    expect(found('corazon')).toEqual(['❤️']);
    expect(found('Espa')).toEqual(['🇪🇸']);
    expect(found('autocarav')).toEqual(['🚐']);
    // Every word must match; rows matching by name come before those matching by keywords only.
    expect(found('vehic')).toEqual(['🚐', '🚗']);
    expect(found('sol')).toEqual(['🌞']);
    expect(found('roja')).toEqual(['🍎']);
    expect(found('manzana roja')).toEqual(['🍎']);
    expect(found('manzana verde')).toEqual([]);
    expect(found('   ')).toEqual([]);
  });
});
