import { describe, expect, it } from 'vitest';
import { excerpt } from './notifications.presenter.js';
import { EXCERPT_READ } from './notifications.queries.js';

describe('excerpt', () => {
  it('keeps a short text whole, its spaces and line breaks as one space', () => {
    expect(excerpt('  Noche en\n\nGredos  ')).toBe('Noche en Gredos');
  });

  it('cuts at 80 characters, counting an emoji as one, and marks the cut', () => {
    const text = `${'🚐'.repeat(79)}ab`;
    expect(excerpt(text)).toBe(`${'🚐'.repeat(79)}a…`);
  });

  it('marks a text that goes on even when a space falls at the cut', () => {
    expect(excerpt(`${'a'.repeat(80)} siguiente`)).toBe(`${'a'.repeat(80)}…`);
  });

  it('marks a text the query read only part of, even once its spaces shrink it', () => {
    const read = `inicio${' '.repeat(EXCERPT_READ - 6)}`;
    expect(excerpt(read)).toBe('inicio…');
  });
});
