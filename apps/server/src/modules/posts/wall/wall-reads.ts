import { WALL_COMMENTS_PREVIEW } from '@nomadas/shared';
import type { PostsPage, WallCommentPreview, postsQuery } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { presentComment } from '../../comments/comments.presenter.js';
import { presentPost } from '../posts.presenter.js';
import * as q from '../posts.queries.js';
import { COMMENT_READER_FIELDS, readerFields, type ReaderView } from './reader-fields.js';

export type PostsQuery = z.output<typeof postsQuery>;

/** A page as the database answers it: its posts, whether more follow, and its comment previews (with `cm`). */
export interface ReadPage {
  rows: q.WallPostRow[];
  hasMore: boolean;
  comments: CommentPreviewRow[] | undefined;
}

/** A previewed comment as its page's statement reads it, with its post. */
type CommentPreviewRow = Parameters<typeof presentComment>[0] & { post_url: string; reply_count: number };

/** A page presented, with the rows it was presented from. */
export interface PresentedPage {
  rows: q.WallPostRow[];
  commentIds: string[];
  page: PostsPage;
}

/**
 * The page as the database answers it, for a reader (`viewerId`) or for everybody (null): what is visible to
 * them, and their marks in the statement's per-reader columns.
 */
export async function readPage(
  ctx: AppContext,
  viewerId: string | null,
  query: PostsQuery,
  limit: number,
): Promise<ReadPage> {
  // One row more than asked tells whether another page exists.
  const filter: q.WallPageFilter = {
    viewerId,
    newestId: query.b,
    olderThanId: query.a,
    username: query.u,
    tag: query.tag,
    followedBy: query.f && viewerId !== null ? viewerId : undefined,
    offset: query.n,
    limit: limit + 1,
  };
  if (!query.cm) {
    const rows = await q.selectWallPage(ctx.db, filter);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit, comments: undefined };
  }
  const { posts, comments } = splitPreviews(
    await q.selectWallPageWithPreviews(ctx.db, filter, WALL_COMMENTS_PREVIEW),
  );
  // The one extra post's previews go unused: presentPage keeps only the page's own.
  return { rows: posts.slice(0, limit), hasMore: posts.length > limit, comments };
}

type PreviewRow = Awaited<ReturnType<typeof q.selectWallPageWithPreviews>>[number];

/** The page's rows, a row per previewed comment, back into its posts and their previews. */
function splitPreviews(rows: PreviewRow[]): { posts: q.WallPostRow[]; comments: CommentPreviewRow[] } {
  const posts: q.WallPostRow[] = [];
  const comments: CommentPreviewRow[] = [];
  for (const row of rows) {
    if (posts.at(-1)?.id !== row.id) posts.push(row);
    if (row.c_id === null) continue;
    comments.push({
      post_url: row.url,
      id: row.c_id,
      text: row.c_text!,
      likes_count: row.c_likes_count!,
      created_at: row.c_created_at!,
      username: row.c_username!,
      img_profile: row.c_img_profile!,
      liked: row.c_liked,
      reply_count: Number(row.c_replies ?? 0),
    });
  }
  return { posts, comments };
}

/** A reader's marks as a statement read for them holds them, in its per-reader columns. */
export function readerOfRows(
  viewerId: string | null,
  rows: q.WallPostRow[],
  comments: CommentPreviewRow[] = [],
): ReaderView {
  return {
    id: viewerId,
    liked: new Set(rows.filter((row) => row.liked).map((row) => row.id)),
    followed: new Set(rows.filter((row) => row.follows_author).map((row) => row.user_id)),
    likedComments: new Set(comments.filter((comment) => comment.liked).map((comment) => comment.id)),
  };
}

/** A page as the spec names its fields, for `reader`. */
export function presentPage(
  ctx: AppContext,
  reader: ReaderView,
  query: PostsQuery,
  read: ReadPage,
): PresentedPage {
  const page: PostsPage = {
    data: read.rows.map((row, i) => presentPost(row, query.n + i, reader, ctx.media)),
    fin: read.hasMore ? 0 : 1,
    b: query.b ?? read.rows[0]?.id ?? null,
    a: read.rows.at(-1)?.id ?? null,
  };
  if (query.cm) {
    const byUrl: NonNullable<PostsPage['comments']> = {};
    for (const row of read.rows) byUrl[row.url] = [];
    for (const comment of read.comments ?? []) byUrl[comment.post_url]?.push(presentPreview(comment, reader));
    page.comments = byUrl;
  }
  return { rows: read.rows, commentIds: read.comments?.map((comment) => comment.id) ?? [], page };
}

/** A comment under a post on the wall: its replies counted, not sent; the reader's fields as declared. */
function presentPreview(row: CommentPreviewRow, reader: ReaderView): WallCommentPreview {
  return {
    ...presentComment(row),
    replyCount: row.reply_count,
    ...readerFields(COMMENT_READER_FIELDS, { id: row.id }, reader),
  };
}
