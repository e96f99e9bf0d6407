import { MSG } from '@nomadas/shared';
import type { ModerationAction, ModerationPage, moderationQuery } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { ApiError, notFound } from '../../http/errors.js';
import { releaseImage } from '../posts/posts.service.js';
import { presentPendingPost } from './moderation.presenter.js';
import * as q from './moderation.queries.js';
import { isModerator } from './roles.js';

/**
 * 403 unless the caller is a moderator. Read from the database on every call, not from the session
 * cache: taking the role away takes effect at once.
 */
export async function requireModerator(ctx: AppContext, viewer: Viewer): Promise<void> {
  const role = await q.findUserRole(ctx.db, viewer.id);
  if (!role || !isModerator({ role })) throw new ApiError(403, MSG.moderatorsOnly);
}

/** GET /api/moderacion: the queue of posts hidden by reports. */
export async function listPending(
  ctx: AppContext,
  page: z.output<typeof moderationQuery>,
): Promise<ModerationPage> {
  // One row more than asked tells whether another page exists.
  const [rows, total] = await Promise.all([
    q.selectPendingPosts(ctx.db, { offset: page.n, limit: page.l + 1 }),
    q.countPendingPosts(ctx.db),
  ]);
  return {
    data: rows.slice(0, page.l).map((row) => presentPendingPost(row, ctx.media)),
    fin: rows.length > page.l ? 0 : 1,
    total,
  };
}

/**
 * POST /api/moderacion/{posturl}. restore: reports cleared, visible to everybody again. remove: the post
 * is deleted with its comments and (unless another post shows the same photo) its files, so removed
 * content stops being served at all. Both are written to moderation_log. A moderator never reviews
 * their own post.
 */
export async function reviewPost(
  ctx: AppContext,
  moderator: Viewer,
  url: string,
  action: ModerationAction,
): Promise<string> {
  const post = await q.findPostForReview(ctx.db, url);
  if (!post || !post.hidden_at) throw notFound();
  if (post.user_id === moderator.id) throw new ApiError(403, MSG.moderationOwnPost);

  if (action === 'restore') {
    const restored = await ctx.db.transaction().execute(async (trx) => {
      if (!(await q.restorePost(trx, post.id, moderator.id))) return false;
      await q.insertLogEntry(trx, { action, post, moderatorId: moderator.id });
      return true;
    });
    if (!restored) throw notFound();
    ctx.realtime.events.announce('post:changed', {
      postId: post.id,
      authorId: post.user_id,
      by: moderator.id,
      what: 'restored',
    });
    return MSG.moderationRestored;
  }

  const removed = await ctx.db.transaction().execute(async (trx) => {
    const row = await q.deletePendingPost(trx, post.id);
    if (row) await q.insertLogEntry(trx, { action, post, moderatorId: moderator.id });
    return row;
  });
  if (!removed) throw notFound();
  ctx.realtime.events.announce('post:changed', {
    postId: post.id,
    authorId: post.user_id,
    by: moderator.id,
    what: 'removed',
  });
  await releaseImage(ctx, removed.media);
  return MSG.moderationRemoved;
}
