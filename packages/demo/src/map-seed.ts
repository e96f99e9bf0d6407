import type { Db } from '@nomadas/server/db/database';
import { insertLocations } from '@nomadas/server/modules/map/map.queries';
import { planMapPlaces, planMapReviews } from './map-places.js';
import { seedLpgPrices } from './lpg-seed.js';
import * as q from './map-seed.queries.js';
import type { Random } from './random.js';

/**
 * The demo map: places across Spain (map-places.ts), reviews on some of them, a few photos, and one post
 * in eight tied to a place (the fixed Astorga and Ponferrada areas and the guide's first). Skipped when places exist.
 */
export async function seedMap(
  db: Db,
  random: Random,
  input: { places: number; userIds: string[]; postIds: string[]; photoStems: string[]; now: number },
): Promise<{ places: number; reviews: number }> {
  if (await q.hasMapPlaces(db)) return { places: 0, reviews: 0 };
  const { rows, fixed: fixedCount } = await planMapPlaces(random.fork('places'), input.places);
  const ids = await insertLocations(db, rows);
  const reviews = planMapReviews(random.fork('reviews'), ids, fixedCount, input.userIds, input.now);
  await q.insertMapReviews(db, reviews);
  await q.recountRatings(db);
  await seedLpgPrices(db, random.fork('lpg'), input.now);

  const r = random.fork('photos');
  const fixed = ids.slice(0, fixedCount);
  if (input.photoStems.length > 0) {
    const withPhotos = [...fixed, ...r.sample(ids.slice(fixedCount), 40)];
    await q.setPlacePhotos(
      db,
      withPhotos.map((id) => [id, r.sample(input.photoStems, r.int(1, 3))]),
    );
  }
  const tied = input.postIds.filter(() => r.chance(1 / 8));
  await q.setPostPlaces(
    db,
    tied.map((postId, i) => [postId, i < 6 ? fixed[i % fixed.length]! : r.pick(ids)]),
  );
  return { places: ids.length, reviews: reviews.length };
}
