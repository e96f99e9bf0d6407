import { WALL_COMMENTS_PREVIEW, WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { PostsPage, WallPost, postsQuery } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { createShortCache, type ShortCache } from '../../lib/short-cache.js';
import { presentCommentPreview } from '../comments/comments.presenter.js';
import { selectLatestTopComments } from '../comments/comments.queries.js';
import { presentPost } from './posts.presenter.js';
import * as q from './posts.queries.js';

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
 * all callers for a second, so a busy wall costs the database one page query per second; each caller
 * then pays one small query for their own likes and follows.
 */
interface ReadPage {
  rows: q.WallPostRow[];
  hasMore: boolean;
  comments: Awaited<ReturnType<typeof selectLatestTopComments>> | undefined;
}

interface SharedPage {
  rows: q.WallPostRow[];
  commentIds: string[];
  /** As a visitor sees it. */
  page: PostsPage;
}

const SHARED_PAGE_TTL_MS = 1000;
const sharedPages = new WeakMap<AppContext, ShortCache<SharedPage>>();

/** Called after every successful write on this instance, so its writer never reads around the change. */
export function forgetSharedPages(ctx: AppContext): void {
  sharedPages.get(ctx)?.clear();
}

function readSharedPage(ctx: AppContext, query: PostsQuery, limit: number): Promise<SharedPage> {
  let cache = sharedPages.get(ctx);
  if (!cache) sharedPages.set(ctx, (cache = createShortCache<SharedPage>(SHARED_PAGE_TTL_MS)));
  return cache.get(JSON.stringify([query, limit]), async () =>
    presentPage(ctx, null, query, await readPage(ctx, null, query, limit)),
  );
}

/** The page as the database answers it, with the caller's flags computed in the same queries. */
async function readPage(
  ctx: AppContext,
  viewerId: string | null,
  query: PostsQuery,
  limit: number,
): Promise<ReadPage> {
  // One row more than asked tells whether another page exists.
  const rows = await q.selectWallPage(ctx.db, {
    viewerId,
    newestId: query.b,
    username: query.u,
    tag: query.tag,
    offset: query.n,
    limit: limit + 1,
  });
  const pageRows = rows.slice(0, limit);
  const comments =
    query.cm && pageRows.length > 0
      ? await selectLatestTopComments(
          ctx.db,
          pageRows.map((row) => row.id),
          viewerId,
          WALL_COMMENTS_PREVIEW,
        )
      : undefined;
  return { rows: pageRows, hasMore: rows.length > limit, comments };
}

/**
 * GET /api/posts: a page of the wall, of one user (`u`) or of a hashtag (`tag`). Visitors get the
 * first WALL_VISITOR_POSTS only. `b` pins the list to the posts that existed at the first page.
 */
export async function listPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  query: PostsQuery,
): Promise<PostsPage> {
  const reachable = viewer ? Number.POSITIVE_INFINITY : WALL_VISITOR_POSTS;
  const limit = Math.min(query.l, reachable - query.n);
  if (limit <= 0) return { data: [], fin: 1, b: query.b ?? null, ...(query.cm ? { comments: {} } : {}) };

  const shared = await readSharedPage(ctx, query, limit);
  if (!viewer || shared.rows.length === 0) return shared.page;
  const flags = await q.selectViewerFlags(ctx.db, viewer.id, {
    postIds: shared.rows.map((row) => row.id),
    authorIds: [...new Set(shared.rows.map((row) => row.user_id))],
    commentIds: shared.commentIds,
    oldestId: shared.rows.at(-1)!.id,
    newestId: query.b,
  });
  // Rare: a post the caller reported would shift this page for them alone. Ask precisely.
  if (flags.reportedInRange)
    return presentPage(ctx, viewer, query, await readPage(ctx, viewer.id, query, limit)).page;

  // The everybody view, with the caller's marks laid over it.
  const { page } = shared;
  const data = page.data.map((post, i) => {
    const row = shared.rows[i]!;
    const mine = row.user_id === viewer.id;
    const marked: WallPost = { ...post, islike: flags.liked.has(row.id) ? 1 : 0, self: mine };
    if (!mine) marked.follow = flags.followed.has(row.user_id) ? 1 : 0;
    return marked;
  });
  const answer: PostsPage = { ...page, data };
  if (page.comments) {
    answer.comments = Object.fromEntries(
      Object.entries(page.comments).map(([url, previews]) => [
        url,
        previews.map((preview) => ({
          ...preview,
          islike: flags.likedComments.has(String(preview.id)) ? 1 : 0,
        })),
      ]),
    );
  }
  return answer;
}

/** A page as the spec names its fields; computed once per shared page, not per caller. */
function presentPage(ctx: AppContext, viewer: Viewer | null, query: PostsQuery, read: ReadPage): SharedPage {
  const context = { viewerId: viewer?.id ?? null, media: ctx.media };
  const page: PostsPage = {
    data: read.rows.map((row, i) => presentPost(row, query.n + i, context)),
    fin: read.hasMore ? 0 : 1,
    b: query.b ?? read.rows[0]?.id ?? null,
  };
  if (query.cm) {
    const byUrl: NonNullable<PostsPage['comments']> = {};
    for (const row of read.rows) byUrl[row.url] = [];
    for (const comment of read.comments ?? []) byUrl[comment.post_url]?.push(presentCommentPreview(comment));
    page.comments = byUrl;
  }
  return { rows: read.rows, commentIds: read.comments?.map((comment) => comment.id) ?? [], page };
}
