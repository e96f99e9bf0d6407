import { z } from 'zod';

/** `data` of GET /api/search/all/{text} (spec §3 "Search response"): at most SEARCH_GROUP_MAX of each, best first. */
export const searchResultsSchema = z
  .strictObject({
    /** Hashtags, without '#' (→ /tags/{hashtag}). */
    p: z.array(z.strictObject({ hashtag: z.string() })),
    /** Users (→ /perfil/{username}). */
    u: z.array(z.strictObject({ username: z.string(), img_perfil: z.string() })),
    /** Channels (→ /canales/{url}); empty until channels exist. */
    c: z.array(z.strictObject({ nombre: z.string(), url: z.string(), img_perfil: z.string() })),
  })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof searchResultsSchema>;
