import type { FastifyPluginAsync } from 'fastify';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import { readMultipartImage } from '../../http/multipart-image.js';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answerOnce } from '../../http/idempotency.js';
import { serveCall } from '../../http/route-table.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import * as videos from './channel-videos.service.js';
import * as channels from './channels.service.js';

/** Video channels (issue #10, DESIGN.md §3): the list, a channel, a video, and their withSession' writes. */
export const channelsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const withSession = { onRequest: sessionRequired };

    serveCall(app, 'GET /canales', {}, async (request) =>
      ok(await channels.listChannelsPage(ctx, request.query)),
    );

    serveCall(app, 'POST /canales', withSession, async (request) =>
      ok(await channels.createChannel(ctx, requireViewer(request), request.body), MSG.channelCreated),
    );

    serveCall(app, 'GET /canal', withSession, async (request) =>
      ok(await channels.getOwnChannel(ctx, requireViewer(request))),
    );

    serveCall(app, 'GET /canales/:name', {}, async (request) =>
      ok(await channels.getChannelPage(ctx, request.viewer, request.params.name, request.query)),
    );

    serveCall(app, 'POST /canales/:name/edit', withSession, async (request) => {
      const channel = await channels.editChannel(
        ctx,
        requireViewer(request),
        request.params.name,
        request.body,
      );
      return ok(channel, MSG.channelSaved);
    });

    // Counted as an upload before a byte of the body is read; one photo.
    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
    ];
    for (const kind of ['avatar', 'cover'] as const) {
      serveCall(app, `POST /canales/:name/${kind}`, { onRequest: uploadChecks }, async (request) => {
        const image = await readMultipartImage(request, MSG.postImageRequired);
        const viewer = requireViewer(request);
        return ok(
          await channels.setChannelImage(ctx, viewer, request.params.name, kind, image),
          MSG.channelSaved,
        );
      });
    }

    serveCall(app, 'POST /canales/:name/delete', withSession, async (request) => {
      await channels.deleteChannel(ctx, requireViewer(request), request.params.name);
      return ok(undefined, MSG.channelDeleted);
    });

    serveCall(app, 'GET /canales/:name/:videoname', {}, async (request) =>
      ok(await videos.getVideoPage(ctx, request.viewer, request.params)),
    );

    serveCall(app, 'POST /canales/:name/:videoname/edit', withSession, async (request) =>
      ok(await videos.editVideo(ctx, requireViewer(request), request.params, request.body), MSG.videoSaved),
    );

    serveCall(app, 'POST /canales/:name/:videoname/delete', withSession, async (request) => {
      await videos.deleteVideo(ctx, requireViewer(request), request.params);
      return ok(undefined, MSG.videoDeleted);
    });

    serveCall(app, 'POST /canales/:name/:videoname/like', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => videos.toggleVideoLike(ctx, requireViewer(request), request.params, key),
        (like) => ok(like),
      ),
    );

    // Visitors count too: their writes have the anonymous budget per address (http/write-limits.ts).
    serveCall(app, 'POST /canales/:name/:videoname/view', {}, async (request) =>
      ok(await videos.countVideoView(ctx, request.viewer, request.ip, request.params)),
    );

    serveCall(app, 'POST /subscribe/:canal', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => channels.toggleSubscription(ctx, requireViewer(request), request.params.canal, key),
        (subscription) => ok(subscription),
      ),
    );
  };
