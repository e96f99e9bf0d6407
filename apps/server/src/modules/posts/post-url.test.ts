import { describe, expect, it } from 'vitest';
import { newPostUrl, postSlug } from './post-url.js';

describe('post urls', () => {
  it('slugs the first words of the text, ASCII only', () => {
    expect(postSlug('Atardecer en la Costa da Morte, con @luisa y #Galicia 🌅 al fondo')).toBe(
      'atardecer-en-la-costa-da-morte',
    );
    expect(postSlug('Año nuevo en Peñíscola')).toBe('ano-nuevo-en-peniscola');
  });

  it('falls back to "foto" when no word is left, and stays short', () => {
    expect(postSlug('🚐🚐 !!')).toBe('foto');
    expect(postSlug('')).toBe('foto');
    expect(postSlug('a'.repeat(100))).toHaveLength(60);
  });

  it('adds a short random suffix', () => {
    expect(newPostUrl('Ruta por Asturias')).toMatch(/^ruta-por-asturias-[a-z0-9]{6}$/);
    expect(newPostUrl('x')).not.toBe(newPostUrl('x'));
  });
});
