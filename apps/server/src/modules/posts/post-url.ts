import crypto from 'node:crypto';

const SLUG_WORDS = 6;
const SLUG_MAX_CHARS = 60;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_LENGTH = 6;

/** The first words of the text, ASCII, hyphenated: 'Atardecer en la Costa da Morte #galicia' → 'atardecer-en-la-costa-da-morte'. */
export function postSlug(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, SLUG_WORDS);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word.slice(0, SLUG_MAX_CHARS);
    if (next.length > SLUG_MAX_CHARS) break;
    slug = next;
  }
  return slug || 'foto';
}

/** A readable, unique-enough url: the slug plus a short random suffix (the unique index settles the rest). */
export function newPostUrl(text: string): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += SUFFIX_ALPHABET[crypto.randomInt(SUFFIX_ALPHABET.length)];
  return `${postSlug(text)}-${suffix}`;
}
