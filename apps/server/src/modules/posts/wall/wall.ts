import { WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { PostsPage, WallPost } from '@nomadas/shared/schemas';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/database.js';
import type { Viewer } from '../../../http/auth.js';
import { notFound, unauthorized } from '../../../http/errors.js';
import { gzipAsync } from '../../../http/prepared-json.js';
import { presentPost } from '../posts.presenter.js';
import * as q from '../posts.queries.js';
import { markedAnswer, pageText, postText, type AnswerEncoding, type AnswerText } from './answer-text.js';
import { VISITOR, type ReaderView } from './reader-fields.js';
import type { SharedPost, SharedWallPage } from './shared-reads.js';
import type { MarksSource, PageMarksAsked } from './viewer-marks.js';
import { cutVisitorPage, visitorAnswer } from './visitor-pages.js';
import { presentPage, readPage, readerOfRows, type PostsQuery } from './wall-reads.js';

export type { AnswerEncoding };

/**
 * The wall's read path has this one door: the wall's pages and its single posts are read here for a reader
 * (or a visitor), as answers the route encodes. A page or post is read once for everybody (shared-reads.ts) and
 * each reader's own fields (reader-fields.ts) are laid over it from their remembered marks (viewer-marks.ts),
 * spliced into its text (answer-text.ts); what shifts for a reader alone is read plainly, for them.
 */
export interface WallAnswer {
  /** The plain answer's bytes, for the route to weigh gzip against. */
  size: number;
  /** The answer's JSON as UTF-8, plain or gzipped. */
  bytes(encoding: AnswerEncoding): Buffer | Promise<Buffer>;
}

const answerJson = (data: unknown) => Buffer.from(`{"state":"OK","data":${JSON.stringify(data)}}`);

/** Made for this request alone, gzipped off the event loop. */
function plainAnswer(data: unknown): WallAnswer {
  const json = answerJson(data);
  return { size: json.length, bytes: (encoding) => (encoding === 'gzip' ? gzipAsync(json) : json) };
}

const markedFor = (text: AnswerText, reader: ReaderView): WallAnswer => ({
  size: text.length,
  bytes: (encoding) => markedAnswer(text, reader, encoding),
});

const marksSource = (ctx: AppContext, viewerId: string): MarksSource => ({
  whole: (cap) => q.selectReaderMarks(ctx.db, viewerId, cap),
  page: (asked) => q.selectViewerFlags(ctx.db, viewerId, asked),
});

/**
 * GET /api/posts: a page of the wall, of one user (`u`) or of a hashtag (`tag`). Visitors get the first
 * WALL_VISITOR_POSTS only. `b` pins the list to the posts that existed at the first page; `a` continues right
 * after the last post the client holds (keyset), instead of counting `n` posts.
 */
export async function readWall(
  ctx: AppContext,
  viewer: Viewer | null,
  query: PostsQuery,
): Promise<WallAnswer> {
  // 'Siguiendo' is this reader's alone: read plainly for them, never shared.
  if (query.f) {
    if (!viewer) throw unauthorized();
    return plainAnswer(await plainWallPage(ctx, viewer, query));
  }
  if (!viewer) {
    const head = await readVisitorHead(ctx, query);
    const key = `${query.n}|${query.l}|${query.b}|${query.a}`;
    const json = await visitorAnswer(head, key, async () => answerJson(cutVisitorPage(head, query)));
    return {
      size: json.length,
      bytes: (encoding) =>
        encoding === 'gzip' ? visitorAnswer(head, `${key}|gzip`, () => gzipAsync(json)) : json,
    };
  }
  const shared = await readSharedPage(ctx, query, query.l);
  const asked: PageMarksAsked = {
    postIds: shared.rows.map((row) => row.id),
    authorIds: [...new Set(shared.rows.map((row) => row.user_id))],
    commentIds: shared.commentIds,
    range: {
      // On the last page, anything older than its last post could still belong to it for this caller.
      oldestId: shared.page.fin ? '0' : shared.rows.at(-1)!.id,
      // A keyset page holds nothing from `a` on.
      newestId: query.a === undefined ? query.b : String(BigInt(query.a) - 1n),
    },
  };
  const marks = await ctx.viewerMarks.read(viewer.id, asked, marksSource(ctx, viewer.id));
  // Rare: a post the caller reported, or their own post hidden by reports (which only they see), would
  // shift this page for them alone. Ask precisely, so the shared page never carries one caller's view.
  if (marks.shifted) return plainAnswer(await plainWallPage(ctx, viewer, query));
  return markedFor(shared.text, { id: viewer.id, ...marks });
}

/** GET /api/post/{url}, what a shared link opens: public, so visitors see it too. */
export async function readPost(ctx: AppContext, viewer: Viewer | null, url: string): Promise<WallAnswer> {
  const shared = await ctx.wallPages.post(url, () => readSharedPost(ctx, url));
  if (!viewer) {
    if (!shared) throw notFound();
    return markedFor(shared.text, VISITOR);
  }
  // None visible to everybody there: it may be the caller's own post, hidden by reports.
  if (!shared) return plainAnswer(await plainPost(ctx, viewer, url));
  const { id, user_id: authorId } = shared.row;
  const asked = {
    postIds: [id],
    authorIds: [authorId],
    commentIds: [],
    range: { oldestId: id, newestId: id },
  };
  const marks = await ctx.viewerMarks.read(viewer.id, asked, marksSource(ctx, viewer.id));
  // A post they reported is gone for them.
  if (marks.shifted) return plainAnswer(await plainPost(ctx, viewer, url));
  return markedFor(shared.text, { id: viewer.id, ...marks });
}

/** The wall's first page as a visitor's app finds it in /muro's HTML (wall-page-hints.ts). */
export async function listVisitorPosts(ctx: AppContext, query: PostsQuery): Promise<PostsPage> {
  return cutVisitorPage(await readVisitorHead(ctx, query), query);
}

/** A page read and presented for this reader alone: the plain path, which the spliced one must equal. */
export async function plainWallPage(ctx: AppContext, viewer: Viewer, query: PostsQuery): Promise<PostsPage> {
  const read = await readPage(ctx, viewer.id, query, query.l);
  return presentPage(ctx, readerOfRows(viewer.id, read.rows, read.comments), query, read).page;
}

/** A post read and presented for this reader (or visitor) alone, as after their own write. */
export async function plainPost(
  ctx: AppContext,
  viewer: Viewer | null,
  url: string,
  db: Db = ctx.db,
): Promise<WallPost> {
  const viewerId = viewer?.id ?? null;
  const row = await q.selectVisiblePost(db, url, viewerId);
  if (!row) throw notFound();
  return presentPost(row, 0, readerOfRows(viewerId, [row]), ctx.media);
}

function readSharedPage(ctx: AppContext, query: PostsQuery, limit: number): Promise<SharedWallPage> {
  return ctx.wallPages.get(JSON.stringify([query, limit]), async () => {
    const shared = presentPage(ctx, VISITOR, query, await readPage(ctx, null, query, limit));
    return { ...shared, text: pageText(shared.page, shared.rows) };
  });
}

async function readSharedPost(ctx: AppContext, url: string): Promise<SharedPost | null> {
  const row = await q.selectVisiblePost(ctx.db, url, null);
  return row ? { row, text: postText(presentPost(row, 0, VISITOR, ctx.media), row) } : null;
}

/** The head of a list that a visitor's page is cut from: one shared page for every visitor. */
function readVisitorHead(ctx: AppContext, query: PostsQuery): Promise<SharedWallPage> {
  const headQuery = { ...query, n: 0, l: WALL_VISITOR_POSTS, b: undefined, a: undefined };
  return readSharedPage(ctx, headQuery, WALL_VISITOR_POSTS);
}
