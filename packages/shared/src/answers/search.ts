import { z } from 'zod';
import { MAP_KINDS } from '../mapConstants.js';

/** `data` of GET /api/search/all/{text} (spec §3 "Search response"): at most SEARCH_GROUP_MAX of each, best first. */
export const searchResultsSchema = z
  .strictObject({
    /** Hashtags, without '#' (→ /tags/{hashtag}). */
    p: z.array(z.strictObject({ hashtag: z.string() })),
    /** Users (→ /perfil/{username}). */
    u: z.array(z.strictObject({ username: z.string(), img_perfil: z.string() })),
    /** Channels (→ /canales/{url}); empty until channels exist. */
    c: z.array(z.strictObject({ nombre: z.string(), url: z.string(), img_perfil: z.string() })),
    /** Places of the map, by name, town or province (→ /mapa/location/{urlpoint}). */
    l: z.array(
      z.strictObject({
        urlpoint: z.string(),
        nombre: z.string(),
        kind: z.enum(MAP_KINDS),
        municipio: z.string(),
        provincia: z.string(),
        lat: z.number(),
        lng: z.number(),
      }),
    ),
    /** Spanish towns of the GeoNames gazetteer (→ the map centred on them). */
    t: z.array(
      z.strictObject({ nombre: z.string(), provincia: z.string(), lat: z.number(), lng: z.number() }),
    ),
  })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof searchResultsSchema>;
