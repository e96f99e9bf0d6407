import { describe, expect, it } from 'vitest';
import { esMuro } from '../i18n/screens/muro';
import { firstWords } from './format';

describe('grid tile names', () => {
  it('keeps the first words of a long text, cut between words', () => {
    expect(firstWords('Amanecer en Somiedo con niebla en los valles y vacas por la carretera')).toBe(
      'Amanecer en Somiedo con niebla en los valles y…',
    );
    expect(firstWords('  Lagos   de\nCovadonga ')).toBe('Lagos de Covadonga');
    expect(firstWords('')).toBe('');
    // One endless word is cut where it must be; an emoji counts as one character.
    expect(firstWords('🚐'.repeat(60))).toBe(`${'🚐'.repeat(48)}…`);
  });

  it('says whose post it is, how it starts and its counts', () => {
    const { tile } = esMuro.list;
    const likes = esMuro.post.likes;
    const comments = esMuro.post.comments;
    expect(tile('ana', 'Amanecer en Somiedo…', likes(8), comments(7))).toBe(
      'Post de ana: Amanecer en Somiedo… 8 me gusta, 7 comentarios',
    );
    expect(tile('ana', 'Lagos', likes(1), comments(1))).toBe('Post de ana: Lagos. 1 me gusta, 1 comentario');
    expect(tile('ana', '', likes(0), comments(0))).toBe('Post de ana. 0 me gusta, 0 comentarios');
  });
});
