import { MSG } from '@nomadas/shared';
import type { PremiumInterest, PremiumInterestList } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import * as q from './premium.queries.js';

/** The moderators' page shows this many of the newest; the total counts them all. */
const LIST_LIMIT = 500;

/** GET /api/premium/interest: whether the viewer pressed "Avísame". */
export async function getInterest(ctx: AppContext, viewer: Viewer): Promise<PremiumInterest> {
  const row = await q.findInterest(ctx.db, viewer.id);
  return { interested: row !== undefined, since: row ? row.created_at.toISOString() : null };
}

/** POST /api/premium/interest: idempotent per user, so a second press (or the outbox's retry) changes nothing. */
export async function registerInterest(
  ctx: AppContext,
  viewer: Viewer,
): Promise<{ data: PremiumInterest; msg: string }> {
  await q.insertInterest(ctx.db, viewer.id);
  return { data: await getInterest(ctx, viewer), msg: MSG.premiumInterestSaved };
}

/** GET /api/moderacion/premium: who asked, for whoever will tell them (the caller is a moderator). */
export async function listInterest(ctx: AppContext): Promise<PremiumInterestList> {
  const [rows, total] = await Promise.all([q.listInterest(ctx.db, LIST_LIMIT), q.countInterest(ctx.db)]);
  return {
    total,
    users: rows.map((row) => ({
      username: row.username,
      img: row.img_profile,
      since: row.created_at.toISOString(),
    })),
  };
}
