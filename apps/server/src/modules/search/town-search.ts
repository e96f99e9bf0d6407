import type { SpanishTown } from '../map/spanish-towns.js';
import { lowerBound, textOrder } from './sorted-lists.js';

/**
 * What a place or town search reads of a text, as place_search_norm does in the database (migration
 * 202611300101): lower case, accents dropped, every run of other characters one space.
 */
export function foldWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** pg_trgm's trigrams of a folded text: each word padded with two spaces before and one after. */
export function trigrams(folded: string): Set<string> {
  const set = new Set<string>();
  for (const word of folded.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** As the word search of hashtags and places: shorter terms find noise by trigrams. */
const FUZZY_MIN_LENGTH = 3;
/** pg_trgm's default similarity threshold, the header's rule for typos ('astroga' → Astorga is 0.33). */
const SIMILARITY_MIN = 0.3;

interface IndexedTown {
  town: SpanishTown;
  folded: string;
  /** How many distinct trigrams its name has. */
  size: number;
}

const byFolded = (a: IndexedTown, b: IndexedTown) => textOrder(a.folded, b.folded);
const byRest = (a: { rest: string }, b: { rest: string }) => textOrder(a.rest, b.rest);

export type TownSearch = (text: string, limit: number) => SpanishTown[];

/**
 * A search over the Spanish towns (some 7,000, held in memory): the towns named exactly the text, then those
 * whose name starts with it, then those with a later word starting with it ('compostela'), then, while no
 * name is exactly the text, the names like it (typos: pg_trgm's similarity, shared trigrams over all of both,
 * counted through an index from each trigram to the names holding it). Alphabetical within each class, the
 * most alike first among the alike. The first three classes are runs of sorted lists, found by binary search.
 */
export function createTownSearch(towns: readonly SpanishTown[]): TownSearch {
  const index: IndexedTown[] = towns
    .map((town) => {
      const folded = foldWords(town.name);
      return { town, folded, size: trigrams(folded).size };
    })
    .sort((a, b) =>
      a.folded < b.folded
        ? -1
        : a.folded > b.folded
          ? 1
          : a.town.province.localeCompare(b.town.province, 'es'),
    );
  const holders = new Map<string, number[]>();
  index.forEach((entry, position) => {
    for (const trigram of trigrams(entry.folded)) {
      const list = holders.get(trigram);
      if (list) list.push(position);
      else holders.set(trigram, [position]);
    }
  });
  const shared = new Uint16Array(index.length);
  // Every later word of every name, to where it starts to the name's end, in order: the names with a later
  // word beginning with the text are a run of it ('compostela' in 'santiago de compostela').
  const laterWords = index
    .flatMap((entry, position) =>
      [...entry.folded.matchAll(/ /g)].map((space) => ({
        rest: entry.folded.slice(space.index + 1),
        position,
      })),
    )
    .sort((a, b) => byRest(a, b) || a.position - b.position);

  /** Positions of the names like `term`, the most alike first. */
  function alike(term: string): number[] {
    const wanted = trigrams(term);
    const touched: number[] = [];
    for (const trigram of wanted)
      for (const position of holders.get(trigram) ?? []) {
        const before = shared[position]!;
        shared[position] = before + 1;
        if (before === 0) touched.push(position);
      }
    const scored = touched
      .map((position) => {
        const count = shared[position]!;
        shared[position] = 0;
        return { position, score: count / (wanted.size + index[position]!.size - count) };
      })
      .filter(({ score }) => score >= SIMILARITY_MIN)
      .sort((a, b) => b.score - a.score || a.position - b.position);
    return scored.map(({ position }) => position);
  }

  return (text, limit) => {
    const term = foldWords(text);
    if (!term || limit <= 0) return [];
    const exact: number[] = [];
    const prefix: number[] = [];
    // The names in order: those equal to the text come first in the run of those starting with it.
    for (
      let position = lowerBound(index, { folded: term } as IndexedTown, byFolded);
      position < index.length;
      position++
    ) {
      const folded = index[position]!.folded;
      if (!folded.startsWith(term)) break;
      (folded === term ? exact : prefix).push(position);
    }
    const word = new Set<number>();
    if (term.length >= FUZZY_MIN_LENGTH) {
      for (
        let at = lowerBound(laterWords, { rest: term, position: -1 }, byRest);
        at < laterWords.length;
        at++
      ) {
        const later = laterWords[at]!;
        if (!later.rest.startsWith(term)) break;
        if (!index[later.position]!.folded.startsWith(term)) word.add(later.position);
      }
    }
    const found = [...exact, ...prefix, ...[...word].sort((a, b) => a - b)];
    if (found.length < limit && exact.length === 0 && term.length >= FUZZY_MIN_LENGTH) {
      const taken = new Set(found);
      found.push(...alike(term).filter((position) => !taken.has(position)));
    }
    return found.slice(0, limit).map((position) => index[position]!.town);
  };
}
