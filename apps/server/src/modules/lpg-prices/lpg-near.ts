import { LPG_NEAR_MAX, LPG_STALE_DAYS } from '@nomadas/shared';
import type { LpgNear } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import * as q from './lpg-prices.queries.js';

/**
 * GET /api/map/glp ("GLP más barato cerca", issue #32): the LPG stations with a known price within `r` km of
 * a point, fresh prices first, cheapest first, then nearest; a stale price is said to be so, not left out
 * (in a remote area it may be the only one there is).
 */
export async function cheapestLpgNear(
  ctx: Pick<AppContext, 'db'>,
  { lat, lng, r }: { lat: number; lng: number; r: number },
  now = Date.now(),
): Promise<LpgNear> {
  const staleBefore = new Date(now - LPG_STALE_DAYS * 86_400_000);
  const rows = await q.selectLpgNear(ctx.db, lat, lng, r, LPG_NEAR_MAX, staleBefore);
  return {
    r,
    stations: rows.map((row) => ({
      u: row.urlpoint,
      n: row.name,
      town: row.municipality,
      price: row.price,
      date: new Date(row.priced_at).toISOString(),
      km: Math.round(row.km * 10) / 10,
      stale: row.stale,
    })),
  };
}
