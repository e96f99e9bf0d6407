import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answerOnce } from '../../http/idempotency.js';
import { serveCall } from '../../http/route-table.js';
import * as comments from './comments.service.js';

/** The comment calls of spec §7. Reading is public like the post; writing needs a session. */
export const commentsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serveCall(app, 'GET /comment/get/:post', {}, async (request) => {
      const page = await comments.listComments(ctx, request.viewer, request.params.post, request.query);
      return { ...ok(page.comments), fin: page.fin };
    });

    const writing = { onRequest: sessionRequired };

    serveCall(app, 'POST /comment/create/:posturl', writing, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) =>
          comments.createComment(ctx, requireViewer(request), request.params.posturl, request.body, key),
        (created) => ok(created, MSG.commentCreated),
      ),
    );

    serveCall(app, 'POST /comment/like/:id', writing, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => comments.toggleCommentLike(ctx, requireViewer(request), request.params.id, key),
        (state) => ok(state),
      ),
    );

    serveCall(app, 'POST /comment/delete/:id', writing, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => comments.deleteComment(ctx, requireViewer(request), request.params.id, key),
        (deleted) => ok(deleted, MSG.commentDeleted),
      ),
    );
  };
