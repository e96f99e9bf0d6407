import type { Db } from '@nomadas/server/db/database';
import * as q from './lpg-seed.queries.js';
import type { Random } from './random.js';

/**
 * LPG prices on three in four of the demo's LPG stations, as the importer of the Ministry's data leaves them
 * (modules/lpg-prices), so that `--demo` shows prices with no network: 0,85 to 1,09 €/l, from the last day and a half.
 */
export async function seedLpgPrices(db: Db, random: Random, now: number): Promise<number> {
  const prices: q.SeedLpgPrice[] = [];
  for (const id of await q.selectLpgPlaceIds(db)) {
    const r = random.fork(id);
    if (!r.chance(0.75)) continue;
    prices.push({
      location_id: id,
      station_id: `demo-${id}`,
      lpg_price: Math.round(r.range(0.85, 1.09) * 1000) / 1000,
      priced_at: new Date(now - Math.round(r.range(1, 36) * 3600_000)),
    });
  }
  await q.insertLpgPrices(db, prices);
  return prices.length;
}
