import type { CreatedComment, LikeState, WallComment } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { forgetSharedPages } from '../posts/posts-list.service.js';
import { orNotFound } from '../../db/pg-errors.js';
import { requireAuthor } from '../../http/access.js';
import type { Viewer } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { findPostForWrite } from '../posts/posts.service.js';
import { presentComment, presentCommentTree } from './comments.presenter.js';
import * as q from './comments.queries.js';

async function findCommentOnVisiblePost(ctx: AppContext, commentId: string) {
  const comment = await q.findComment(ctx.db, commentId);
  if (!comment || comment.post_hidden_at) throw notFound();
  return comment;
}

/** GET /api/comment/get/{post}: top-level comments oldest first, each with its replies. */
export async function listComments(
  ctx: AppContext,
  viewer: Viewer | null,
  postUrl: string,
): Promise<WallComment[]> {
  // A post hidden by reports is still its author's to read, comments included.
  const post = await findPostForWrite(ctx.db, postUrl, { allowHidden: true });
  if (post.hidden_at && post.user_id !== viewer?.id) throw notFound();
  return presentCommentTree(await q.selectPostComments(ctx.db, post.id, viewer?.id ?? null));
}

/** POST /api/comment/create/{posturl}. A reply to a reply is attached to the top-level comment. */
export async function createComment(
  ctx: AppContext,
  viewer: Viewer,
  postUrl: string,
  input: { c: string; p: number },
): Promise<CreatedComment> {
  const post = await findPostForWrite(ctx.db, postUrl, { allowHidden: false });
  let parentId: string | null = null;
  if (input.p !== 0) {
    const parent = await q.findComment(ctx.db, String(input.p));
    if (!parent || parent.post_id !== post.id) throw notFound();
    parentId = parent.parent_id ?? parent.id;
  }
  const { created, total, userimg } = await orNotFound(() =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await q.insertComment(trx, { postId: post.id, userId: viewer.id, parentId, text: input.c });
      return {
        created: row,
        total: await q.shiftPostComments(trx, post.id, 1),
        userimg: await q.selectUserImage(trx, viewer.id),
      };
    }),
  );
  forgetSharedPages(ctx);
  const comment = presentComment({
    id: created.id,
    text: input.c,
    likes_count: 0,
    created_at: created.created_at,
    username: viewer.username,
    img_profile: userimg,
    liked: false,
  });
  return { ...comment, parent: parentId === null ? 0 : Number(parentId), comentarios: total };
}

/** POST /api/comment/delete/{id}: only its author; its replies go with it. Answers the post's new total. */
export async function deleteComment(ctx: AppContext, viewer: Viewer, commentId: string) {
  const comment = await q.findComment(ctx.db, commentId);
  if (!comment) throw notFound();
  requireAuthor(viewer, comment);
  const comentarios = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockComment(trx, commentId))) throw notFound();
    const removed = await q.deleteCommentThread(trx, commentId);
    return q.shiftPostComments(trx, comment.post_id, -removed);
  });
  forgetSharedPages(ctx);
  return { comentarios };
}

/** POST /api/comment/like/{id}: flips the caller's like, race-safe as post likes are. */
export async function toggleCommentLike(
  ctx: AppContext,
  viewer: Viewer,
  commentId: string,
): Promise<LikeState> {
  const comment = await findCommentOnVisiblePost(ctx, commentId);
  const state = await orNotFound(() =>
    ctx.db.transaction().execute(async (trx): Promise<LikeState> => {
      if (await q.removeCommentLike(trx, comment.id, viewer.id)) {
        return { islike: 0, likes: await q.shiftCommentLikes(trx, comment.id, -1) };
      }
      if (await q.addCommentLike(trx, comment.id, viewer.id)) {
        return { islike: 1, likes: await q.shiftCommentLikes(trx, comment.id, 1) };
      }
      const liked = await q.hasCommentLike(trx, comment.id, viewer.id);
      return { islike: liked ? 1 : 0, likes: await q.shiftCommentLikes(trx, comment.id, 0) };
    }),
  );
  forgetSharedPages(ctx);
  return state;
}
