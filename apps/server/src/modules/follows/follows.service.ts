import { MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import * as q from './follows.queries.js';

const RECOMMENDED_USERS = 6;

async function targetOf(ctx: AppContext, viewer: Viewer, username: string): Promise<string> {
  const target = await q.findUserIdByUsername(ctx.db, username.toLowerCase());
  if (!target) throw notFound();
  if (target.id === viewer.id) throw badRequest(MSG.cannotFollowSelf);
  return target.id;
}

/** Idempotent: following twice leaves one follow. */
export async function follow(ctx: AppContext, viewer: Viewer, username: string) {
  await q.insertFollow(ctx.db, viewer.id, await targetOf(ctx, viewer, username));
  return { follow: 1 as const };
}

export async function unfollow(ctx: AppContext, viewer: Viewer, username: string) {
  await q.deleteFollow(ctx.db, viewer.id, await targetOf(ctx, viewer, username));
  return { follow: 0 as const };
}

/** 'Otros muros' of the wall's side panel (spec §3 "Recommended user"). */
export async function recommendedUsers(ctx: AppContext, viewer: Viewer | null) {
  const rows = await q.listRecommendedUsers(ctx.db, viewer?.id ?? null, RECOMMENDED_USERS);
  return rows.map((row) => ({ username: row.username, img: row.img_profile, follow: 0 as const }));
}
