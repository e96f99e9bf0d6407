import { describe, expect, it } from 'vitest';
import type { SpanishTown } from '../map/spanish-towns.js';
import { createTownSearch, foldWords, trigrams } from './town-search.js';

const town = (name: string, province = 'León'): SpanishTown => ({
  name,
  province,
  code: 'LE',
  lat: 42,
  lng: -6,
});
const search = createTownSearch(
  [
    'Astorga',
    'Astorga de Abajo',
    'La Bañeza',
    'Santiago de Compostela',
    'Santiago del Teide',
    'Ávila',
    'Avilés',
    'Villanueva de la Serena',
  ].map((name) => town(name)),
);
const names = (text: string, limit = 5) => search(text, limit).map((found) => found.name);

describe('town search', () => {
  it('reads a text as place_search_norm does: lower case, no accents, one space between words', () => {
    expect(foldWords('  La Bañeza (León)… ')).toBe('la baneza leon');
    expect(foldWords('ÁVILA')).toBe('avila');
  });

  it('counts trigrams as pg_trgm: each word padded with two spaces before and one after', () => {
    expect([...trigrams('ab cd')].sort()).toEqual(['  a', '  c', ' ab', ' cd', 'ab ', 'cd '].sort());
  });

  it('ranks the exact name, then names starting with the text, then a later word starting with it', () => {
    expect(names('astorga')).toEqual(['Astorga', 'Astorga de Abajo']);
    expect(names('Ávila')).toEqual(['Ávila']);
    expect(names('avil')).toEqual(['Ávila', 'Avilés']);
    expect(names('compostela')).toEqual(['Santiago de Compostela']);
    expect(names('la bañeza')).toEqual(['La Bañeza']);
  });

  it('forgives typos while no name is exactly the text, the most alike first', () => {
    expect(names('astroga')[0]).toBe('Astorga');
    expect(names('baneza')).toEqual(['La Bañeza']);
    expect(names('zzzz')).toEqual([]);
    // Too short for trigrams: only prefixes.
    expect(names('vx')).toEqual([]);
  });

  it('finds the names with a later word starting with the text once each, in order, after the prefixes', () => {
    const some = createTownSearch(
      ['Villa de la Vega', 'La Vega', 'Vega de Valcarce', 'Castro de la Vega de Vega', 'Aldea'].map((name) =>
        town(name),
      ),
    );
    expect(some('vega', 10).map((found) => found.name)).toEqual([
      'Vega de Valcarce',
      'Castro de la Vega de Vega',
      'La Vega',
      'Villa de la Vega',
    ]);
    expect(some('de la', 10).map((found) => found.name)).toEqual([
      'Castro de la Vega de Vega',
      'Villa de la Vega',
    ]);
  });

  it('answers at most `limit`, and nothing for a blank text', () => {
    expect(names('s', 1)).toEqual(['Santiago de Compostela']);
    expect(names(' ¿? ')).toEqual([]);
  });
});
