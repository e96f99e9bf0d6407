import { describe, expect, it } from 'vitest';
import { locationSlug } from './location-slug.js';

describe('locationSlug', () => {
  it('makes a readable urlpoint of the name and the town, without little words or accents', () => {
    expect(locationSlug('Área de autocaravanas', 'Astorga')).toBe('area-autocaravanas-astorga');
    expect(locationSlug('Área de autocaravanas de Astorga', 'Astorga')).toBe('area-autocaravanas-astorga');
    expect(locationSlug('Gasolinera GLP «La Bañeza»', 'La Bañeza')).toBe('gasolinera-glp-baneza');
    expect(locationSlug('¡!', '')).toBe('lugar');
  });

  it('stays within 80 characters, cutting between words', () => {
    const slug = locationSlug('Parking tranquilo junto al río '.repeat(10), 'Villafranca del Bierzo');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
