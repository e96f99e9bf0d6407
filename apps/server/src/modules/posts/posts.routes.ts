import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@nomadas/shared';
import { postActionParams, postUrlParams, postsQuery, updatePostBody } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { readPostUpload } from './post-upload.js';
import { getPost, listPosts } from './posts-list.service.js';
import * as posts from './posts.service.js';

/** The wall's post calls of spec §7 and DESIGN.md §3. */
export const postsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/posts', { schema: { querystring: postsQuery } }, async (request) =>
      ok(await listPosts(ctx, request.viewer, request.query)),
    );

    app.get('/post/:url', { schema: { params: postUrlParams } }, async (request) =>
      ok(await getPost(ctx, request.viewer, request.params.url)),
    );

    app.post('/post/create', { onRequest: sessionRequired }, async (request) => {
      const upload = await readPostUpload(request);
      return ok(await posts.createPost(ctx, requireViewer(request), upload), MSG.postCreated);
    });

    const action = { onRequest: sessionRequired, schema: { params: postActionParams } };

    app.post('/like/post/:posturl', action, async (request) =>
      ok(await posts.togglePostLike(ctx, requireViewer(request), request.params.posturl)),
    );

    app.post('/denuncia/post/:posturl', action, async (request) => {
      await posts.reportPost(ctx, requireViewer(request), request.params.posturl);
      return ok(undefined, MSG.postReported);
    });

    app.post('/delete/post/:posturl', action, async (request) => {
      await posts.deletePost(ctx, requireViewer(request), request.params.posturl);
      return ok(undefined, MSG.postDeleted);
    });

    app.post(
      '/update/post/:posturl',
      { onRequest: sessionRequired, schema: { params: postActionParams, body: jsonBody(updatePostBody) } },
      async (request) => {
        const updated = await posts.updatePost(
          ctx,
          requireViewer(request),
          request.params.posturl,
          request.body.text,
        );
        return ok(updated, MSG.postUpdated);
      },
    );
  };
