/** One emoji of the catalogue: [emoji, Spanish name, category 0-7 (spec §2 order), Spanish keywords]. */
export type EmojiRow = readonly [emoji: string, name: string, category: number, keywords: string];

/** Spec §2's eight categories, in order: their index is the row's category. */
export const EMOJI_CATEGORIES = [
  'people',
  'nature',
  'foods',
  'activity',
  'places',
  'objects',
  'symbols',
  'flags',
] as const;
export type EmojiCategory = (typeof EMOJI_CATEGORIES)[number];

/** Lower case without accents: 'corazón' matches 'corazon', 'Sol' matches 'sol'. */
const fold = (text: string) =>
  text
    .toLocaleLowerCase('es')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export interface EmojiIndex {
  inCategory(category: number): EmojiRow[];
  /** Emojis whose name or keywords have a word starting with every word of the query; names first. */
  search(query: string, limit?: number): EmojiRow[];
}

export function createEmojiIndex(rows: readonly EmojiRow[]): EmojiIndex {
  const categories = EMOJI_CATEGORIES.map((_, index) => rows.filter((row) => row[2] === index));
  let words: Array<{ name: string[]; all: string[] }> | undefined;
  const wordsOf = () =>
    (words ??= rows.map((row) => {
      const name = fold(row[1])
        .split(/[\s:,.()-]+/)
        .filter(Boolean);
      return { name, all: [...name, ...fold(row[3]).split(/\s+/).filter(Boolean)] };
    }));

  return {
    inCategory: (category) => categories[category] ?? [],
    search(query, limit = 160) {
      const terms = fold(query).split(/\s+/).filter(Boolean);
      if (terms.length === 0) return [];
      const index = wordsOf();
      const byName: EmojiRow[] = [];
      const byKeyword: EmojiRow[] = [];
      rows.forEach((row, i) => {
        const { name, all } = index[i]!;
        if (!terms.every((term) => all.some((word) => word.startsWith(term)))) return;
        (terms.every((term) => name.some((word) => word.startsWith(term))) ? byName : byKeyword).push(row);
      });
      return [...byName, ...byKeyword].slice(0, limit);
    },
  };
}
