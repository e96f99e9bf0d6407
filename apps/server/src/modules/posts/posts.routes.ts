import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import { createPostFields } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answerText } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { answerOnce } from '../../http/idempotency.js';
import { multipartRefusal } from '../../http/multipart-image.js';
import { containsNul } from '../../http/nul-guard.js';
import { acceptsGzip } from '../../http/prepared-json.js';
import { serveCall } from '../../http/route-table.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import { readPost, readWall, type WallAnswer } from './wall/wall.js';
import * as posts from './posts.service.js';

/** The wall's post calls of spec §7 and DESIGN.md §3. */
export const postsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Both answered by the wall's read path (wall/wall.ts), gzipped by it when the client takes it.
    const wallRead = { compress: false } as const;
    serveCall(app, 'GET /posts', wallRead, async (request, reply) =>
      sendWallAnswer(request, reply, await readWall(ctx, request.viewer, request.query)),
    );
    serveCall(app, 'GET /post/:url', wallRead, async (request, reply) =>
      sendWallAnswer(request, reply, await readPost(ctx, request.viewer, request.params.url)),
    );

    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
    ];
    serveCall(app, 'POST /post/create', { onRequest: uploadChecks }, async (request, reply) => {
      const upload = await readPostUpload(request);
      return answerOnce(
        ctx,
        request,
        reply,
        (key) => posts.createPost(ctx, requireViewer(request), upload, key),
        (post) => ok(post, MSG.postCreated),
      );
    });

    const writing = { onRequest: sessionRequired };

    serveCall(app, 'POST /like/post/:posturl', writing, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => posts.togglePostLike(ctx, requireViewer(request), request.params.posturl, key),
        (state) => ok(state),
      ),
    );

    serveCall(app, 'POST /denuncia/post/:posturl', writing, async (request) => {
      await posts.reportPost(ctx, requireViewer(request), request.params.posturl);
      return ok(undefined, MSG.postReported);
    });

    serveCall(app, 'POST /delete/post/:posturl', writing, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => posts.deletePost(ctx, requireViewer(request), request.params.posturl, key),
        () => ok(undefined, MSG.postDeleted),
      ),
    );

    serveCall(app, 'POST /update/post/:posturl', writing, async (request) => {
      const updated = await posts.updatePost(
        ctx,
        requireViewer(request),
        request.params.posturl,
        request.body.text,
        request.body.lugar,
      );
      return ok(updated, MSG.postUpdated);
    });
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
