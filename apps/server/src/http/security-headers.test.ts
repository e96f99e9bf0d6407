import { describe, expect, it } from 'vitest';
import { tileOrigin } from './security-headers.js';

describe('the map tile server allowed by the CSP', () => {
  it('is the origin of the tile URL, with any {placeholder} of its host as a wildcard', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
  });
});
