import type { Guide } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import * as q from './guide.queries.js';
import { presentGuide } from './guide.presenter.js';

/** GET /api/guia: the guide of every account, each gem with its area as the map has it now. */
export async function getGuide(ctx: Pick<AppContext, 'db' | 'guide'>): Promise<Guide> {
  const rows = await q.selectGuidePlaces(
    ctx.db,
    ctx.guide.gems.map((gem) => gem.place.urlpoint),
  );
  return presentGuide(ctx.guide, rows);
}
