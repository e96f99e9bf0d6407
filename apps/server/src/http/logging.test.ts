import { describe, expect, it } from 'vitest';
import { redactCodes } from './logging.js';

describe('request logs', () => {
  it('keep no activation or recovery code, on the API or the app route', () => {
    expect(redactCodes('/api/verificar/Zm9v-YmFy_123')).toBe('/api/verificar/[redactado]');
    expect(redactCodes('/nuevopass/abc?x=1')).toBe('/nuevopass/[redactado]?x=1');
    expect(redactCodes('/api/posts?n=0')).toBe('/api/posts?n=0');
  });

  it('keep no e-mail change code, export download code or socket ticket', () => {
    expect(redactCodes('/api/perfil/email/Zm9v-YmFy_123')).toBe('/api/perfil/email/[redactado]');
    expect(redactCodes('/perfil/email/Zm9v-YmFy_123')).toBe('/perfil/email/[redactado]');
    expect(redactCodes('/api/perfil/export/Zm9v-YmFy_123')).toBe('/api/perfil/export/[redactado]');
    expect(redactCodes('/ws?d=dGlja2V0LWlk&t=c2VjcmV0LXNlY3JldA')).toBe('/ws?d=[redactado]&t=[redactado]');
    expect(redactCodes('/ws?t=c2VjcmV0&d=aWQ')).toBe('/ws?t=[redactado]&d=[redactado]');
    expect(redactCodes('/api/algo?code=abc&token=def&ticket=ghi&n=2')).toBe(
      '/api/algo?code=[redactado]&token=[redactado]&ticket=[redactado]&n=2',
    );
    // What names no secret stays readable: the export's request, a profile called "email", other queries.
    expect(redactCodes('/api/perfil/export')).toBe('/api/perfil/export');
    expect(redactCodes('/perfil/email')).toBe('/perfil/email');
    expect(redactCodes('/api/map/points?d=3&t=1')).toBe('/api/map/points?d=3&t=1');
  });
});
