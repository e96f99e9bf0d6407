import crypto from 'node:crypto';
import { asciiWords, hyphenate } from '../../lib/slug.js';

const SLUG_WORDS = 6;
const SLUG_MAX_CHARS = 60;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_LENGTH = 6;

/** The first words of the text, ASCII, hyphenated: 'Atardecer en la Costa da Morte #galicia' → 'atardecer-en-la-costa-da-morte'. */
export function postSlug(text: string): string {
  return hyphenate(asciiWords(text).slice(0, SLUG_WORDS), SLUG_MAX_CHARS) || 'foto';
}

/** A readable, unique-enough url: the slug plus a short random suffix (the unique index settles the rest). */
export function newPostUrl(text: string): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += SUFFIX_ALPHABET[crypto.randomInt(SUFFIX_ALPHABET.length)];
  return `${postSlug(text)}-${suffix}`;
}
