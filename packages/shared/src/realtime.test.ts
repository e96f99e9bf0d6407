import { describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX, decodeFrame, encodeFrame, isChatText, WS_FRAME_MAX_BYTES } from './realtime.js';

describe('socket frames on the wire (base64 of JSON)', () => {
  it('round-trips any text, emoji and accents included, as the browser decodes it too', () => {
    const frame = {
      t: 'c',
      ta: 'send',
      to: 'ana',
      txt: '¡Hola! 🚐 ñandú\n"citas" \\ </script>',
      cid: 'a1',
    } as const;
    const encoded = encodeFrame(frame);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeFrame(encoded)).toEqual(frame);
    // What atob + TextDecoder (the browser's path) reads from it.
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(frame);
  });

  it('answers undefined for what is not base64 of UTF-8 JSON', () => {
    for (const bad of ['', 'no base64!', 'abc', btoa('{"t":'), btoa('\xff\xfe'), 'eyJ0IjoiYyJ9\n']) {
      expect(decodeFrame(bad), bad).toBeUndefined();
    }
  });

  it('fits the longest message in a frame', () => {
    const longest = encodeFrame({
      t: 'c',
      ta: 'send',
      to: 'a'.repeat(30),
      txt: '\u0001'.repeat(CHAT_TEXT_MAX),
      cid: 'x'.repeat(64),
    });
    expect(longest.length).toBeLessThan(WS_FRAME_MAX_BYTES);
  });
});

describe('chat text', () => {
  it('needs a visible character and at most CHAT_TEXT_MAX, a surrogate pair counting as one', () => {
    expect(isChatText(' \n\t ')).toBe(false);
    expect(isChatText('x')).toBe(true);
    expect(isChatText('🚐'.repeat(CHAT_TEXT_MAX))).toBe(true);
    expect(isChatText('x'.repeat(CHAT_TEXT_MAX + 1))).toBe(false);
  });
});
