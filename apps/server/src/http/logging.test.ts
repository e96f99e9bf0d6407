import { describe, expect, it } from 'vitest';
import { redactCodes } from './logging.js';

describe('request logs', () => {
  it('keep no activation or recovery code, on the API or the app route', () => {
    expect(redactCodes('/api/verificar/Zm9v-YmFy_123')).toBe('/api/verificar/[redactado]');
    expect(redactCodes('/nuevopass/abc?x=1')).toBe('/nuevopass/[redactado]?x=1');
    expect(redactCodes('/api/posts?n=0')).toBe('/api/posts?n=0');
  });
});
