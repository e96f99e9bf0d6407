import { describe, expect, it } from 'vitest';
import { anyWindowInView, noticeTarget, readPushPayload } from './pushNotice';

const origin = 'https://nomadas.example';

describe('noticeTarget', () => {
  it('opens a path or URL of the app itself', () => {
    expect(noticeTarget('/perfil/ana', origin)).toBe(`${origin}/perfil/ana`);
    expect(noticeTarget(`${origin}/chat?con=ana#x`, origin)).toBe(`${origin}/chat?con=ana#x`);
  });

  it('never an outside page: another origin, a protocol-relative URL, a script, or junk go to the start', () => {
    for (const url of [
      'https://evil.example/perfil',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://nomadas.example/x',
      'data:text/html,hola',
      42,
      undefined,
    ]) {
      expect(noticeTarget(url, origin)).toBe(`${origin}/`);
    }
  });
});

describe('readPushPayload', () => {
  it('reads the server payload, and refuses one with no title', () => {
    expect(readPushPayload({ title: 'Ana te sigue', body: 'b', url: '/perfil/ana', tag: 'follow' })).toEqual({
      title: 'Ana te sigue',
      body: 'b',
      url: '/perfil/ana',
      tag: 'follow',
    });
    expect(readPushPayload({ title: 'T' })).toEqual({ title: 'T', body: '', url: '/' });
    expect(readPushPayload({ body: 'b' })).toBeUndefined();
    expect(readPushPayload(null)).toBeUndefined();
    expect(readPushPayload('texto')).toBeUndefined();
  });
});

describe('anyWindowInView', () => {
  it('only a focused and visible window counts', () => {
    expect(anyWindowInView([])).toBe(false);
    expect(anyWindowInView([{ focused: false, visibilityState: 'visible' }])).toBe(false);
    expect(anyWindowInView([{ focused: true, visibilityState: 'hidden' }])).toBe(false);
    expect(anyWindowInView([{ focused: true, visibilityState: 'visible' }])).toBe(true);
  });
});
