import type { CreatedComment, DeletedComment, Flag, LikeState, WallComment } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { orNotFound } from '../../db/pg-errors.js';
import { keyForResult, writeTransaction, type WriteKey } from '../../lib/write-once.js';
import { requireAuthor } from '../../http/access.js';
import type { Viewer } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { findPostForWrite } from '../posts/posts.service.js';
import {
  announceNotifications,
  notify,
  withdraw,
  type NotificationKey,
  type Notified,
} from '../notifications/notifications.service.js';
import { presentComment, presentCommentTree } from './comments.presenter.js';
import * as q from './comments.queries.js';

async function findCommentOnVisiblePost(ctx: AppContext, commentId: string) {
  const comment = await q.findComment(ctx.db, commentId);
  if (!comment || comment.post_hidden_at) throw notFound();
  return comment;
}

/**
 * GET /api/comment/get/{post}: a page of the newest top-level comments before `a` (all of them oldest first in
 * the answer), each with all its replies; `fin` 1 when no older ones remain.
 */
export async function listComments(
  ctx: AppContext,
  viewer: Viewer | null,
  postUrl: string,
  page: { l: number; a?: string | undefined },
): Promise<{ comments: WallComment[]; fin: Flag }> {
  // A post hidden by reports is still its author's to read, comments included.
  const post = await findPostForWrite(ctx.db, postUrl, { allowHidden: true });
  if (post.hidden_at && post.user_id !== viewer?.id) throw notFound();
  const ids = (await q.selectTopCommentIds(ctx.db, post.id, page.a ?? null, page.l)).map((row) => row.id);
  const fin: Flag = ids.length > page.l ? 0 : 1;
  const shown = ids.slice(0, page.l);
  if (shown.length === 0) return { comments: [], fin };
  const rows = await q.selectCommentThreads(ctx.db, shown, viewer?.id ?? null);
  return { comments: presentCommentTree(rows), fin };
}

/**
 * POST /api/comment/create/{posturl}. A reply to a reply is attached to the top-level comment. The author
 * of the comment answered hears of a reply, the post's author of any comment (once, if they are both).
 */
export async function createComment(
  ctx: AppContext,
  viewer: Viewer,
  postUrl: string,
  input: { c: string; p: number },
  key?: WriteKey<CreatedComment>,
): Promise<CreatedComment> {
  const post = await findPostForWrite(ctx.db, postUrl, { allowHidden: false });
  let parentId: string | null = null;
  let answeredAuthorId: string | null = null;
  if (input.p !== 0) {
    const parent = await q.findComment(ctx.db, String(input.p));
    if (!parent || parent.post_id !== post.id) throw notFound();
    parentId = parent.parent_id ?? parent.id;
    answeredAuthorId = parent.user_id;
  }
  const { comment, notified } = await orNotFound(() =>
    writeTransaction(
      ctx.db,
      keyForResult(key, (result: { comment: CreatedComment }) => result.comment),
      async (trx) => {
        const row = await q.insertComment(trx, {
          postId: post.id,
          userId: viewer.id,
          parentId,
          text: input.c,
        });
        const about = { actorId: viewer.id, postId: post.id, commentId: row.id };
        const notices: NotificationKey[] = [];
        if (answeredAuthorId !== null) {
          notices.push({ type: 'comment_reply', userId: answeredAuthorId, ...about });
        }
        if (post.user_id !== answeredAuthorId) {
          notices.push({ type: 'post_comment', userId: post.user_id, ...about });
        }
        const total = await q.shiftPostComments(trx, post.id, 1);
        const shown = presentComment({
          id: row.id,
          text: input.c,
          likes_count: 0,
          created_at: row.created_at,
          username: viewer.username,
          img_profile: await q.selectUserImage(trx, viewer.id),
          liked: false,
        });
        return {
          comment: { ...shown, parent: parentId === null ? 0 : Number(parentId), comentarios: total },
          notified: await notify(trx, ...notices),
        };
      },
    ),
  );
  ctx.realtime.events.announce('post:reacted', { postId: post.id, by: viewer.id, what: 'commented' });
  await announceNotifications(ctx, notified);
  return comment;
}

/** POST /api/comment/delete/{id}: only its author; its replies go with it. Answers the post's new total. */
export async function deleteComment(
  ctx: AppContext,
  viewer: Viewer,
  commentId: string,
  key?: WriteKey<DeletedComment>,
): Promise<DeletedComment> {
  const comment = await q.findComment(ctx.db, commentId);
  if (!comment) throw notFound();
  requireAuthor(viewer, comment);
  const answer = await writeTransaction(ctx.db, key, async (trx) => {
    if (!(await q.lockComment(trx, commentId))) throw notFound();
    const removed = await q.deleteCommentThread(trx, commentId);
    return { comentarios: await q.shiftPostComments(trx, comment.post_id, -removed) };
  });
  ctx.realtime.events.announce('post:reacted', {
    postId: comment.post_id,
    by: viewer.id,
    what: 'uncommented',
  });
  return answer;
}

/** POST /api/comment/like/{id}: flips the caller's like (and its notification), race-safe as post likes are. */
export async function toggleCommentLike(
  ctx: AppContext,
  viewer: Viewer,
  commentId: string,
  key?: WriteKey<LikeState>,
): Promise<LikeState> {
  const comment = await findCommentOnVisiblePost(ctx, commentId);
  const notice: NotificationKey = {
    type: 'comment_like',
    userId: comment.user_id,
    actorId: viewer.id,
    postId: comment.post_id,
    commentId: comment.id,
  };
  let notified: Notified = [];
  const state = await orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx): Promise<LikeState> => {
      if (await q.removeCommentLike(trx, comment.id, viewer.id)) {
        notified = await withdraw(trx, notice);
        return { islike: 0, likes: await q.shiftCommentLikes(trx, comment.id, -1) };
      }
      if (await q.addCommentLike(trx, comment.id, viewer.id)) {
        notified = await notify(trx, notice);
        return { islike: 1, likes: await q.shiftCommentLikes(trx, comment.id, 1) };
      }
      const liked = await q.hasCommentLike(trx, comment.id, viewer.id);
      return { islike: liked ? 1 : 0, likes: await q.shiftCommentLikes(trx, comment.id, 0) };
    }),
  );
  ctx.realtime.events.announce('post:reacted', {
    postId: comment.post_id,
    by: viewer.id,
    what: 'comment-liked',
  });
  await announceNotifications(ctx, notified);
  return state;
}
