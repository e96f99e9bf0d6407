import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './constants.js';
import { MSG } from './messages.js';
import { textLength } from './text.js';

// C0 and C1 control characters (tabs and line breaks included): nothing a search box sends.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * GET /api/search/all/{text}: what was typed in the header's search box, trimmed and in NFC (so that
 * an 'Á' typed as A + U+0301 matches as one letter). A leading '#' or '@' picks one group.
 */
export const searchParams = z.object({
  text: z
    .string({ error: MSG.searchTextRequired })
    .refine((text) => !CONTROL_CHARACTER.test(text), { error: MSG.invalidCharacters, abort: true })
    .transform((text) => text.normalize('NFC').trim())
    .refine((text) => text.length > 0, { error: MSG.searchTextRequired, abort: true })
    .refine((text) => textLength(text) <= SEARCH_TEXT_MAX, { error: MSG.searchTextTooLong }),
});

/**
 * GET /api/search/all/{text}?scope=: `all` (the header) answers every group; `map` (the map's search box, the
 * composer's place search) only places and towns.
 */
export const searchQuery = z.object({
  scope: z.enum(['all', 'map'], { error: MSG.invalidInput }).optional(),
});
export type SearchScope = NonNullable<z.infer<typeof searchQuery>['scope']>;
