import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MSG } from '@nomadas/shared';
import {
  commentIdParams,
  commentListParams,
  commentsQuery,
  createCommentBody,
  postActionParams,
} from '@nomadas/shared/schemas';
import {
  commentsAnswerSchema,
  createdCommentSchema,
  deletedCommentSchema,
  likeStateSchema,
  okEnvelope,
} from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import * as comments from './comments.service.js';

/** The comment calls of spec §7. Reading is public like the post; writing needs a session. */
export const commentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/comment/get/:post',
      {
        schema: {
          params: commentListParams,
          querystring: commentsQuery,
          response: answering(commentsAnswerSchema),
        },
      },
      async (request) => {
        const page = await comments.listComments(ctx, request.viewer, request.params.post, request.query);
        return { ...ok(page.comments), fin: page.fin };
      },
    );

    app.post(
      '/comment/create/:posturl',
      {
        onRequest: sessionRequired,
        schema: {
          params: postActionParams,
          body: jsonBody(createCommentBody),
          response: answering(okEnvelope(createdCommentSchema)),
        },
      },
      async (request) => {
        const created = await comments.createComment(
          ctx,
          requireViewer(request),
          request.params.posturl,
          request.body,
        );
        return ok(created, MSG.commentCreated);
      },
    );

    const onComment = <T extends z.ZodType>(answer: T) => ({
      onRequest: sessionRequired,
      schema: { params: commentIdParams, response: answering(answer) },
    });

    app.post('/comment/like/:id', onComment(okEnvelope(likeStateSchema)), async (request) =>
      ok(await comments.toggleCommentLike(ctx, requireViewer(request), request.params.id)),
    );

    app.post('/comment/delete/:id', onComment(okEnvelope(deletedCommentSchema)), async (request) =>
      ok(await comments.deleteComment(ctx, requireViewer(request), request.params.id), MSG.commentDeleted),
    );
  };
