import { POST_TEXT_MAX, tokenizeText, type TextToken } from '@nomadas/shared';

export interface TextSegment {
  kind: TextToken['kind'];
  text: string;
  /** Past the character limit: shown marked so the writer sees what to cut. */
  over: boolean;
}

/** Code-unit index where the `max`-th character ends (a surrogate pair is one character, spec §5). */
function limitIndex(text: string, max: number): number {
  let count = 0;
  let index = 0;
  for (const char of text) {
    if (count === max) return index;
    count++;
    index += char.length;
  }
  return text.length;
}

/**
 * The post text as runs to draw behind the text area: hashtags and mentions as tokenizeText finds them,
 * each run split where the text goes over `max`.
 */
export function highlightSegments(text: string, max: number = POST_TEXT_MAX): TextSegment[] {
  const cut = limitIndex(text, max);
  const segments: TextSegment[] = [];
  let start = 0;
  for (const token of tokenizeText(text)) {
    const end = start + token.text.length;
    if (end <= cut) segments.push({ kind: token.kind, text: token.text, over: false });
    else if (start >= cut) segments.push({ kind: token.kind, text: token.text, over: true });
    else {
      segments.push({ kind: token.kind, text: token.text.slice(0, cut - start), over: false });
      segments.push({ kind: token.kind, text: token.text.slice(cut - start), over: true });
    }
    start = end;
  }
  return segments;
}
