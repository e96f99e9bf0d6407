import { MSG, extractHashtags, extractMentions } from '@nomadas/shared';
import type { LikeState, WallPost } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation, orNotFound } from '../../db/pg-errors.js';
import { requireAuthor } from '../../http/access.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deleteImage, storeImage, type StoredImage } from '../../media/images.js';
import { keyForResult, writeTransaction, type WriteKey } from '../../lib/write-once.js';
import {
  announceNotifications,
  notify,
  notifyMentions,
  withdraw,
  type Notified,
} from '../notifications/notifications.service.js';
import { placeForPost } from '../map/map.service.js';
import * as reactions from './post-reactions.queries.js';
import { newPostUrl } from './post-url.js';
import { plainPost } from './wall/wall.js';
import * as q from './posts.queries.js';

const URL_ATTEMPTS = 5;

/** A post a write acts on; a hidden one only where the author may still act on it. */
export async function findPostForWrite(db: Db, url: string, { allowHidden }: { allowHidden: boolean }) {
  const post = await q.findPostByUrl(db, url);
  if (!post || (post.hidden_at && !allowHidden)) throw notFound();
  return post;
}

/** Removes a post's files unless another post shows the same photo (files are named by content). */
export async function releaseImage(ctx: AppContext, media: string): Promise<void> {
  if (!(await q.isMediaInUse(ctx.db, media))) await deleteImage(ctx, media);
}

interface Published {
  id: string;
  url: string;
  notified: Notified;
}

/**
 * Inserts a post for an already stored photo, with its hashtags and mentions (each mentioned user
 * notified), under a fresh url. The demo seed uses it directly; `createPost` is the upload path.
 */
export function publishPost(
  ctx: Pick<AppContext, 'db'>,
  authorId: string,
  input: { text: string; image: StoredImage; createdAt?: Date; locationId?: string | undefined },
): Promise<Published> {
  return insertPost(ctx.db, authorId, input, undefined, async (_trx, published) => published);
}

/** publishPost's transaction, which gives what `answerOf` reads in it; with a key, once (lib/write-once.ts). */
async function insertPost<T>(
  db: Db,
  authorId: string,
  input: { text: string; image: StoredImage; createdAt?: Date; locationId?: string | undefined },
  key: WriteKey<T> | undefined,
  answerOf: (trx: Db, published: Published) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const url = newPostUrl(input.text);
    try {
      return await writeTransaction(db, key, async (trx) => {
        const { id } = await q.insertPost(trx, {
          url,
          userId: authorId,
          text: input.text,
          createdAt: input.createdAt,
          locationId: input.locationId,
          ...input.image,
        });
        await q.replacePostLinks(trx, id, extractHashtags(input.text), extractMentions(input.text));
        return answerOf(trx, { id, url, notified: await notifyMentions(trx, id, authorId) });
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= URL_ATTEMPTS) throw error;
    }
  }
}

/**
 * POST /api/post/create: files first, the post row last, so a failure leaves neither a post nor files.
 * `lugar` names a public map place (its urlpoint); an unknown one is refused before anything is stored.
 * With a key, a retry is answered before this runs (lib/write-once.ts), so the photo is processed once.
 */
export async function createPost(
  ctx: AppContext,
  viewer: Viewer,
  input: { text: string; image: Buffer; lugar?: string | undefined },
  key?: WriteKey<WallPost>,
): Promise<WallPost> {
  const place = input.lugar === undefined ? undefined : await placeForPost(ctx, input.lugar);
  const image = await storeImage(ctx, input.image);
  let created: Published & { post: WallPost };
  try {
    created = await insertPost(
      ctx.db,
      viewer.id,
      { text: input.text, image, locationId: place?.id },
      keyForResult(key, (result: Published & { post: WallPost }) => result.post),
      // Read for the author alone: nothing is shared for a post that nobody has asked for yet.
      async (trx, published) => ({ ...published, post: await plainPost(ctx, viewer, published.url, trx) }),
    );
  } catch (error) {
    // The same photo is one set of files: a duplicate's post keeps them (releaseImage checks).
    await releaseImage(ctx, image.media);
    throw error;
  }
  ctx.realtime.events.announce('post:changed', {
    postId: created.id,
    authorId: viewer.id,
    by: viewer.id,
    what: 'published',
  });
  await announceNotifications(ctx, created.notified);
  return created.post;
}

/** The author edits the text, and may tie the post to another public place (`lugar`) or to none (null). */
export async function updatePost(
  ctx: AppContext,
  viewer: Viewer,
  url: string,
  text: string,
  lugar?: string | null,
) {
  const post = await findPostForWrite(ctx.db, url, { allowHidden: true });
  requireAuthor(viewer, post);
  const place = lugar === undefined ? undefined : lugar ? await placeForPost(ctx, lugar) : null;
  const notified = await ctx.db.transaction().execute(async (trx) => {
    await q.updatePostText(trx, post.id, text, place === undefined ? undefined : (place?.id ?? null));
    await q.replacePostLinks(trx, post.id, extractHashtags(text), extractMentions(text));
    return notifyMentions(trx, post.id, post.user_id);
  });
  ctx.realtime.events.announce('post:changed', {
    postId: post.id,
    authorId: post.user_id,
    by: viewer.id,
    what: 'edited',
  });
  await announceNotifications(ctx, notified);
  if (place === undefined) return { url, descripcion: text };
  return { url, descripcion: text, lugar: place && { u: place.urlpoint, n: place.name } };
}

export async function deletePost(
  ctx: AppContext,
  viewer: Viewer,
  url: string,
  key?: WriteKey<void>,
): Promise<void> {
  const post = await findPostForWrite(ctx.db, url, { allowHidden: true });
  requireAuthor(viewer, post);
  const deleted = await writeTransaction(
    ctx.db,
    keyForResult(key, () => undefined),
    (trx) => q.deletePost(trx, post.id),
  );
  ctx.realtime.events.announce('post:changed', {
    postId: post.id,
    authorId: post.user_id,
    by: viewer.id,
    what: 'deleted',
  });
  if (deleted) await releaseImage(ctx, deleted.media);
}

/**
 * Flips the caller's like. Two clicks racing each other change the row once, and the counter and the
 * author's notification with it.
 */
export async function togglePostLike(
  ctx: AppContext,
  viewer: Viewer,
  url: string,
  key?: WriteKey<LikeState>,
): Promise<LikeState> {
  const post = await findPostForWrite(ctx.db, url, { allowHidden: false });
  const notice = { type: 'post_like', userId: post.user_id, actorId: viewer.id, postId: post.id } as const;
  let notified: Notified = [];
  const state = await orNotFound(() =>
    writeTransaction(ctx.db, key, async (trx): Promise<LikeState> => {
      if (await reactions.removePostLike(trx, post.id, viewer.id)) {
        notified = await withdraw(trx, notice);
        return { islike: 0, likes: await reactions.shiftPostLikes(trx, post.id, -1) };
      }
      if (await reactions.addPostLike(trx, post.id, viewer.id)) {
        notified = await notify(trx, notice);
        return { islike: 1, likes: await reactions.shiftPostLikes(trx, post.id, 1) };
      }
      // A concurrent click of the same user added the like first: answer the state as it now is.
      const liked = await reactions.hasPostLike(trx, post.id, viewer.id);
      return { islike: liked ? 1 : 0, likes: await reactions.shiftPostLikes(trx, post.id, 0) };
    }),
  );
  ctx.realtime.events.announce('post:reacted', { postId: post.id, by: viewer.id, what: 'liked' });
  await announceNotifications(ctx, notified);
  return state;
}

/**
 * The reporter stops seeing the post at once. Reports weigh by the reporter's age (REPORT_WEIGHT) and
 * their weights reaching REPORTS_TO_HIDE hide it from everyone but its author, pending a moderator.
 */
export async function reportPost(ctx: AppContext, viewer: Viewer, url: string): Promise<void> {
  await ctx.limits.consume('reportUser', viewer.id);
  const post = await findPostForWrite(ctx.db, url, { allowHidden: false });
  if (post.user_id === viewer.id) throw badRequest(MSG.postReportOwn);
  await orNotFound(() =>
    ctx.db.transaction().execute(async (trx) => {
      const weight = await reactions.addPostReport(trx, post.id, viewer.id);
      if (weight !== undefined) {
        await reactions.countPostReport(trx, post.id, weight, ctx.config.reportsToHide);
      }
    }),
  );
  // The reporter's page shifts; so does the author's if the report hid their post.
  ctx.realtime.events.announce('post:changed', {
    postId: post.id,
    authorId: post.user_id,
    by: viewer.id,
    what: 'reported',
  });
}
