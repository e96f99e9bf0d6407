import { WALL_COMMENTS_PREVIEW, WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { PostsPage, WallPost, postsQuery } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import type { Viewer } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import { gzipAsync } from '../../../http/prepared-json.js';
import { presentCommentPreview } from '../../comments/comments.presenter.js';
import { presentPost } from '../posts.presenter.js';
import * as q from '../posts.queries.js';
import type { PageMarksAsked } from './viewer-marks.js';
import type { SharedWallPage } from './shared-reads.js';
import { markedAnswer, wallPageText, type AnswerEncoding } from './answer-text.js';

type PostsQuery = z.output<typeof postsQuery>;

/** GET /api/post/{url}: public, so shared links open for visitors too. */
export async function getPost(ctx: AppContext, viewer: Viewer | null, url: string): Promise<WallPost> {
  const viewerId = viewer?.id ?? null;
  const row = await q.selectVisiblePost(ctx.db, url, viewerId);
  if (!row) throw notFound();
  return presentPost(row, 0, { viewerId, media: ctx.media });
}

/**
 * What a page is for everybody: its posts and comment previews without anyone's flags. Shared among
 * all callers until a write changes it (shared-reads.ts); each caller's own likes and follows are laid
 * over it from viewer-marks.ts.
 */
interface ReadPage {
  rows: q.WallPostRow[];
  hasMore: boolean;
  comments: CommentPreviewRow[] | undefined;
}

/** A previewed comment as presentCommentPreview reads it, with its post. */
type CommentPreviewRow = Parameters<typeof presentCommentPreview>[0] & { post_url: string };

function readSharedPage(ctx: AppContext, query: PostsQuery, limit: number): Promise<SharedWallPage> {
  return ctx.wallPages.get(JSON.stringify([query, limit]), async () => {
    const shared = presentPage(ctx, null, query, await readPage(ctx, null, query, limit));
    return { ...shared, text: wallPageText(shared.page) };
  });
}

/** The page as the database answers it, with the caller's flags computed in the same statement. */
async function readPage(
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
      reply_count: row.c_replies,
    });
  }
  return { posts, comments };
}

/** An answer made for this request alone, plain or gzipped (off the event loop). */
async function encodedAnswer(data: unknown, encoding: AnswerEncoding): Promise<Buffer> {
  const json = Buffer.from(`{"state":"OK","data":${JSON.stringify(data)}}`);
  return encoding === 'gzip' ? gzipAsync(json) : json;
}

/**
 * GET /api/posts: a page of the wall, of one user (`u`) or of a hashtag (`tag`), as its whole answer's JSON
 * in UTF-8, plain or gzipped as `encoding` says. Visitors get the first WALL_VISITOR_POSTS only. `b` pins
 * the list to the posts that existed at the first page; `a` continues right after the last post the client
 * holds (keyset), instead of counting `n` posts.
 */
export async function listPostsAnswer(
  ctx: AppContext,
  viewer: Viewer | null,
  query: PostsQuery,
  encoding: AnswerEncoding,
): Promise<Buffer> {
  if (!viewer) return visitorAnswer(ctx, query, encoding);
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
  const marks = await ctx.viewerMarks.read(viewer.id, asked, {
    whole: (cap) => q.selectReaderMarks(ctx.db, viewer.id, cap),
    page: (page) => q.selectViewerFlags(ctx.db, viewer.id, page),
  });
  // Rare: a post the caller reported, or their own post hidden by reports (which only they see), would
  // shift this page for them alone. Ask precisely, so the shared page never carries one caller's view.
  if (marks.shifted) {
    const own = presentPage(ctx, viewer, query, await readPage(ctx, viewer.id, query, query.l));
    return encodedAnswer(own.page, encoding);
  }
  // The everybody view, with the caller's marks laid over it.
  return markedAnswer(shared.text, shared.rows, viewer.id, marks, encoding);
}

/** The head of a list that a visitor's page is cut from: one shared page for every visitor. */
function readVisitorHead(ctx: AppContext, query: PostsQuery): Promise<SharedWallPage> {
  const headQuery = { ...query, n: 0, l: WALL_VISITOR_POSTS, b: undefined, a: undefined };
  return readSharedPage(ctx, headQuery, WALL_VISITOR_POSTS);
}

/**
 * Visitors all ask for the same few pages, so each answer's JSON is made once per shared head page (and
 * forgotten with it); a bounded few per head, since `n`, `b` and `a` are the caller's to vary.
 */
const visitorAnswers = new WeakMap<SharedWallPage, Map<string, Promise<Buffer>>>();
const VISITOR_ANSWERS_PER_HEAD = 32;

function visitorAnswer(ctx: AppContext, query: PostsQuery, encoding: AnswerEncoding): Promise<Buffer> {
  return readVisitorHead(ctx, query).then((head) => {
    let answers = visitorAnswers.get(head);
    if (!answers) visitorAnswers.set(head, (answers = new Map()));
    const key = `${query.n}|${query.l}|${query.b}|${query.a}|${encoding}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = encodedAnswer(cutVisitorPage(head, query), encoding);
      if (answers.size < VISITOR_ANSWERS_PER_HEAD) {
        answers.set(key, answer);
        answer.catch(() => answers.delete(key));
      }
    }
    return answer;
  });
}

/**
 * A visitor sees the newest WALL_VISITOR_POSTS of a list and nothing older, whatever `n`, `b` or `a`
 * ask: their page is cut from the list's head, never read deeper.
 */
export async function listVisitorPosts(ctx: AppContext, query: PostsQuery): Promise<PostsPage> {
  return cutVisitorPage(await readVisitorHead(ctx, query), query);
}

function cutVisitorPage(head: SharedWallPage, query: PostsQuery): PostsPage {
  const pinned = (id: string) =>
    (query.b === undefined || BigInt(id) <= BigInt(query.b)) &&
    (query.a === undefined || BigInt(id) < BigInt(query.a));
  const kept = head.rows.flatMap((row, i) => (pinned(row.id) ? [i] : []));
  const from = query.a === undefined ? query.n : 0;
  const picked = kept.slice(from, from + query.l);
  const more = from + picked.length < kept.length || head.page.fin === 0;
  const page: PostsPage = {
    data: picked.map((i, j) => ({ ...head.page.data[i]!, index: query.n + j })),
    fin: picked.length > 0 && more ? 0 : 1,
    b: query.b ?? head.page.b,
    a: head.rows[picked.at(-1) ?? -1]?.id ?? null,
  };
  if (head.page.comments) {
    const all = head.page.comments;
    page.comments = Object.fromEntries(page.data.map((post) => [post.url, all[post.url] ?? []]));
  }
  return page;
}

/** A page as the spec names its fields; computed once per shared page, not per caller. */
function presentPage(
  ctx: AppContext,
  viewer: Viewer | null,
  query: PostsQuery,
  read: ReadPage,
): Omit<SharedWallPage, 'text'> {
  const context = { viewerId: viewer?.id ?? null, media: ctx.media };
  const page: PostsPage = {
    data: read.rows.map((row, i) => presentPost(row, query.n + i, context)),
    fin: read.hasMore ? 0 : 1,
    b: query.b ?? read.rows[0]?.id ?? null,
    a: read.rows.at(-1)?.id ?? null,
  };
  if (query.cm) {
    const byUrl: NonNullable<PostsPage['comments']> = {};
    for (const row of read.rows) byUrl[row.url] = [];
    for (const comment of read.comments ?? []) byUrl[comment.post_url]?.push(presentCommentPreview(comment));
    page.comments = byUrl;
  }
  return { rows: read.rows, commentIds: read.comments?.map((comment) => comment.id) ?? [], page };
}
