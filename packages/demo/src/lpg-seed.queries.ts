import type { Db } from '@nomadas/server/db/database';

/** The demo map's LPG places. */
export async function selectLpgPlaceIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('map_locations')
    .select('id')
    .where('kind', '=', 'glp')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface SeedLpgPrice {
  location_id: string;
  station_id: string;
  lpg_price: number;
  priced_at: Date;
}

export async function insertLpgPrices(db: Db, prices: SeedLpgPrice[]): Promise<void> {
  for (let i = 0; i < prices.length; i += 1000) {
    await db
      .insertInto('place_lpg_prices')
      .values(prices.slice(i, i + 1000))
      .execute();
  }
}
