import { asciiWords, hyphenate } from '../../lib/slug.js';

/** Little words left out of a place's urlpoint: 'Área de autocaravanas de Astorga' → 'area-autocaravanas-astorga'. */
const STOP_WORDS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'y', 'en', 'a', 'al', 'd', 'l']);
const URLPOINT_MAX_CHARS = 80;

const words = (text: string) => asciiWords(text).filter((word) => !STOP_WORDS.has(word));

/**
 * A place's readable urlpoint: the words of its name, then those of its town that the name does not
 * already say, ASCII and hyphenated, at most URLPOINT_MAX_CHARS (the service adds `-2`… when taken).
 */
export function locationSlug(name: string, municipality: string): string {
  const own = words(name);
  const town = words(municipality).filter((word) => !own.includes(word));
  return hyphenate([...own, ...town], URLPOINT_MAX_CHARS) || 'lugar';
}
