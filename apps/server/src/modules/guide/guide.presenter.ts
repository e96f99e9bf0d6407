import { MAP_SERVICES, type MapService } from '@nomadas/shared';
import type { Guide } from '@nomadas/shared/answers';
import type { GuideFile } from './guide-file.js';
import type { GuidePlaceRow } from './guide.queries.js';

const isMapService = (word: string): word is MapService => (MAP_SERVICES as readonly string[]).includes(word);

/** The operator's text with each gem's place as the map holds it, or null when the map has no such place. */
export function presentGuide(file: GuideFile, rows: GuidePlaceRow[]): Guide {
  const byUrlpoint = new Map(rows.map((row) => [row.urlpoint, row]));
  return {
    title: file.title,
    intro: file.intro,
    gems: file.gems.map((gem) => {
      const row = byUrlpoint.get(gem.place.urlpoint);
      return {
        slug: gem.slug,
        title: gem.title,
        region: gem.region,
        why: gem.why,
        when: gem.when,
        offers: gem.offers,
        lat: gem.place.lat,
        lng: gem.place.lng,
        place: row
          ? {
              urlpoint: row.urlpoint,
              name: row.name,
              municipality: row.municipality,
              province: row.province,
              services: row.services.filter(isMapService),
              rating: row.rating,
              reviews: row.reviews_count,
            }
          : null,
      };
    }),
  };
}
