import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import {
  createPostFields,
  postActionParams,
  postUrlParams,
  postsQuery,
  updatePostBody,
} from '@nomadas/shared/schemas';
import {
  editedPostSchema,
  likeStateSchema,
  okEnvelope,
  okMessage,
  postsPageSchema,
  wallPostSchema,
} from '@nomadas/shared/answers';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answerText, answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { jsonBody } from '../../http/json-body.js';
import { multipartRefusal } from '../../http/multipart-image.js';
import { containsNul } from '../../http/nul-guard.js';
import { acceptsGzip } from '../../http/prepared-json.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import { readPost, readWall, type WallAnswer } from './wall/wall.js';
import * as posts from './posts.service.js';

/** The wall's post calls of spec §7 and DESIGN.md §3. */
export const postsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const onePost = answering(okEnvelope(wallPostSchema));

    // Both answered by the wall's read path (wall/wall.ts), gzipped by it when the client takes it.
    app.get(
      '/posts',
      {
        compress: false,
        schema: { querystring: postsQuery, response: answering(okEnvelope(postsPageSchema)) },
      },
      async (request, reply) =>
        sendWallAnswer(request, reply, await readWall(ctx, request.viewer, request.query)),
    );

    app.get(
      '/post/:url',
      { compress: false, schema: { params: postUrlParams, response: onePost } },
      async (request, reply) =>
        sendWallAnswer(request, reply, await readPost(ctx, request.viewer, request.params.url)),
    );

    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
    ];
    app.post('/post/create', { onRequest: uploadChecks, schema: { response: onePost } }, async (request) => {
      const upload = await readPostUpload(request);
      return ok(await posts.createPost(ctx, requireViewer(request), upload), MSG.postCreated);
    });

    const action = <T extends z.ZodType>(answer: T) => ({
      onRequest: sessionRequired,
      schema: { params: postActionParams, response: answering(answer) },
    });

    app.post('/like/post/:posturl', action(okEnvelope(likeStateSchema)), async (request) =>
      ok(await posts.togglePostLike(ctx, requireViewer(request), request.params.posturl)),
    );

    app.post('/denuncia/post/:posturl', action(okMessage), async (request) => {
      await posts.reportPost(ctx, requireViewer(request), request.params.posturl);
      return ok(undefined, MSG.postReported);
    });

    app.post('/delete/post/:posturl', action(okMessage), async (request) => {
      await posts.deletePost(ctx, requireViewer(request), request.params.posturl);
      return ok(undefined, MSG.postDeleted);
    });

    app.post(
      '/update/post/:posturl',
      {
        onRequest: sessionRequired,
        schema: {
          params: postActionParams,
          body: jsonBody(updatePostBody),
          response: answering(okEnvelope(editedPostSchema)),
        },
      },
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

/**
 * Below this, gzip is not worth its CPU (a zlib stream per answer: a tenth of a millisecond for a single post
 * read once, in the bench at 100,000 posts) for the bytes it saves: @fastify/compress's threshold (app.ts).
 */
const GZIP_MIN_BYTES = 1024;

/** The encoding is the route's choice: gzip when the client takes it and the answer is worth it. */
async function sendWallAnswer<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: WallAnswer,
): Promise<T> {
  const gzip = acceptsGzip(request) && answer.size >= GZIP_MIN_BYTES;
  reply.header('vary', 'accept-encoding');
  if (gzip) reply.header('content-encoding', 'gzip');
  return answerText<T>(await answer.bytes(gzip ? 'gzip' : 'identity'), { gzip });
}

/**
 * Reads the multipart form of POST /api/post/create: the `media` file (buffered, at most 15 MB by
 * the multipart limits), the `text` field and the optional `lugar` (a map place's urlpoint), validated by
 * the shared schema.
 */
async function readPostUpload(
  request: FastifyRequest,
): Promise<{ text: string; image: Buffer; lugar?: string | undefined }> {
  if (!request.isMultipart()) throw badRequest(MSG.postImageRequired);
  let image: Buffer | undefined;
  let text: unknown;
  let lugar: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'media' && image === undefined) image = await part.toBuffer();
        else part.file.resume(); // any other file is drained and ignored
      } else if (part.fieldname === 'text') {
        text = part.value;
      } else if (part.fieldname === 'lugar') {
        lugar = part.value;
      }
    }
  } catch (error) {
    // Anything else that breaks while reading the form is a malformed or cut-off request.
    throw multipartRefusal(error);
  }
  if (containsNul(text) || containsNul(lugar)) throw badRequest(MSG.invalidCharacters);
  const fields = createPostFields.safeParse({
    text: typeof text === 'string' ? text : undefined,
    lugar: typeof lugar === 'string' ? lugar : undefined,
  });
  if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? MSG.invalidInput);
  if (image === undefined) throw badRequest(MSG.postImageRequired);
  return { text: fields.data.text, image, lugar: fields.data.lugar };
}
