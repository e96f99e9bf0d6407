import { WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { PostsPage, WallPost, postsQuery } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { latestCommentsByPost } from '../comments/comments.service.js';
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
 * GET /api/posts: a page of the wall, of one user (`u`) or of a hashtag (`tag`). Visitors get the
 * first WALL_VISITOR_POSTS only. `b` pins the list to the posts that existed at the first page.
 */
export async function listPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  query: PostsQuery,
): Promise<PostsPage> {
  const viewerId = viewer?.id ?? null;
  const reachable = viewer ? Number.POSITIVE_INFINITY : WALL_VISITOR_POSTS;
  const limit = Math.min(query.l, reachable - query.n);
  const page: PostsPage = { data: [], fin: 1, b: query.b ?? null };
  if (query.cm) page.comments = {};
  if (limit <= 0) return page;

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
  page.data = pageRows.map((row, i) => presentPost(row, query.n + i, { viewerId, media: ctx.media }));
  page.fin = rows.length > limit ? 0 : 1;
  page.b ??= pageRows[0]?.id ?? null;
  if (query.cm && pageRows.length > 0) {
    page.comments = await latestCommentsByPost(ctx, viewerId, pageRows);
  }
  return page;
}
