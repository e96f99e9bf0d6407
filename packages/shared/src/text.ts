import { TAG_MAX } from './constants.js';

/** Length as the spec counts it: a surrogate pair (an emoji, say) is one character. */
export function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** '#' plus up to 50 word characters; letters of any script count, so #españa is one tag. */
export const HASHTAG_PATTERN = new RegExp(`#([\\p{L}\\p{N}_]{1,${TAG_MAX}})`, 'gu');
/** '@' plus up to 50 lowercase letters, digits or underscore. */
export const MENTION_PATTERN = new RegExp(`@([a-z0-9_]{1,${TAG_MAX}})`, 'g');

export type TextToken =
  | { kind: 'text'; text: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

const TOKEN_PATTERN = new RegExp(`${HASHTAG_PATTERN.source}|${MENTION_PATTERN.source}`, 'gu');

/**
 * Splits user text into plain runs, hashtags and mentions, so the browser can render links
 * as elements (never as HTML). Hashtags are inactive where `withHashtags` is false (comments).
 */
export function tokenizeText(text: string, withHashtags = true): TextToken[] {
  const tokens: TextToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const [whole, tag, username] = match;
    if (tag !== undefined && !withHashtags) continue;
    const start = match.index;
    if (start > last) tokens.push({ kind: 'text', text: text.slice(last, start) });
    if (tag !== undefined) tokens.push({ kind: 'hashtag', text: whole, tag });
    else tokens.push({ kind: 'mention', text: whole, username: username ?? '' });
    last = start + whole.length;
  }
  if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  return tokens;
}

function uniqueMatches(text: string, pattern: RegExp, normalize: (s: string) => string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) if (match[1]) found.add(normalize(match[1]));
  return [...found];
}

/** Hashtags of a post, lowercased and without '#', each once. */
export function extractHashtags(text: string): string[] {
  return uniqueMatches(text, HASHTAG_PATTERN, (tag) => tag.toLocaleLowerCase('es'));
}

/** Usernames mentioned in a text, without '@', each once. */
export function extractMentions(text: string): string[] {
  return uniqueMatches(text, MENTION_PATTERN, (name) => name);
}

/** True when the text has at least one non-whitespace character (comments, chat). */
export function hasVisibleText(text: string): boolean {
  return text.trim().length > 0;
}
