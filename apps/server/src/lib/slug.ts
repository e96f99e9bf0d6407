/** The words of a text in lowercase ASCII, accents dropped: 'Área de Ávila' → ['area', 'de', 'avila']. */
export function asciiWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Words joined by hyphens while they fit in `maxChars` (a first word longer than that is cut). */
export function hyphenate(words: string[], maxChars: number): string {
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word.slice(0, maxChars);
    if (next.length > maxChars) break;
    slug = next;
  }
  return slug;
}
