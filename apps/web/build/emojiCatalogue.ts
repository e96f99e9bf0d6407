import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** The chat's emoji catalogue: `import('virtual:emoji-catalogue')` (typed in src/chat/emojiCatalogue.d.ts). */
const ID = 'virtual:emoji-catalogue';
const RESOLVED = `\0${ID}`;

/**
 * Spec §2's eight categories (people, nature, foods, activity, places, objects, symbols, flags) from
 * emojibase's groups; group 2 ("component": skin tones, hair) holds no emoji to send.
 */
const CATEGORY_OF_GROUP: Record<number, number> = { 0: 0, 1: 0, 3: 1, 4: 2, 6: 3, 5: 4, 7: 5, 8: 6, 9: 7 };
/** Emoji 15.0 (2022): newer ones still show as empty boxes on many phones in use. */
const NEWEST_VERSION = 15;

interface EmojibaseEntry {
  emoji: string;
  label: string;
  group?: number;
  order?: number;
  version: number;
  tags?: string[];
}

/**
 * Builds the catalogue from emojibase-data's Spanish dataset at build time: only what the picker shows
 * (emoji, Spanish name, category, Spanish keywords), no skin-tone variants, so its lazy chunk stays small.
 */
export function emojiCatalogue(): Plugin {
  return {
    name: 'nomadas:emoji-catalogue',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const file = createRequire(import.meta.url).resolve('emojibase-data/es/data.json');
      this.addWatchFile(file);
      const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as EmojibaseEntry[];
      const rows = entries
        .filter((entry) => entry.group !== undefined && entry.group in CATEGORY_OF_GROUP)
        .filter((entry) => entry.version <= NEWEST_VERSION)
        .map((entry) => ({ entry, category: CATEGORY_OF_GROUP[entry.group!]! }))
        .sort((a, b) => a.category - b.category || (a.entry.order ?? 0) - (b.entry.order ?? 0))
        .map(({ entry, category }) => [entry.emoji, entry.label, category, (entry.tags ?? []).join(' ')]);
      // JSON.parse of a string literal is parsed faster than the same data as a JavaScript literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(rows))});`;
    },
  };
}
