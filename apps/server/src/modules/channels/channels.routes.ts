import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import {
  channelParams,
  channelsQuery,
  channelVideosQuery,
  editChannelBody,
  editVideoBody,
  newChannelBody,
  subscribeParams,
  videoParams,
} from '@nomadas/shared/schemas';
import {
  channelPageSchema,
  channelSchema,
  channelsPageSchema,
  okEnvelope,
  okMessage,
  ownChannelSchema,
  subscriptionSchema,
  videoLikeSchema,
  videoPageSchema,
  videoSchema,
  videoViewSchema,
} from '@nomadas/shared/answers';
import { readMultipartImage } from '../../http/multipart-image.js';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import * as videos from './channel-videos.service.js';
import * as channels from './channels.service.js';

/** Video channels (issue #10, DESIGN.md §3): the list, a channel, a video, and their owners' writes. */
export const channelsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const oneChannel = answering(okEnvelope(channelSchema));
    const done = answering(okMessage);

    app.get(
      '/canales',
      { schema: { querystring: channelsQuery, response: answering(okEnvelope(channelsPageSchema)) } },
      async (request) => ok(await channels.listChannelsPage(ctx, request.query)),
    );

    app.post(
      '/canales',
      { onRequest: sessionRequired, schema: { body: jsonBody(newChannelBody), response: oneChannel } },
      async (request) =>
        ok(await channels.createChannel(ctx, requireViewer(request), request.body), MSG.channelCreated),
    );

    app.get(
      '/canal',
      { onRequest: sessionRequired, schema: { response: answering(okEnvelope(ownChannelSchema)) } },
      async (request) => ok(await channels.getOwnChannel(ctx, requireViewer(request))),
    );

    app.get(
      '/canales/:name',
      {
        schema: {
          params: channelParams,
          querystring: channelVideosQuery,
          response: answering(okEnvelope(channelPageSchema)),
        },
      },
      async (request) =>
        ok(await channels.getChannelPage(ctx, request.viewer, request.params.name, request.query)),
    );

    app.post(
      '/canales/:name/edit',
      {
        onRequest: sessionRequired,
        schema: { params: channelParams, body: jsonBody(editChannelBody), response: oneChannel },
      },
      async (request) => {
        const channel = await channels.editChannel(
          ctx,
          requireViewer(request),
          request.params.name,
          request.body,
        );
        return ok(channel, MSG.channelSaved);
      },
    );

    // Counted as an upload before a byte of the body is read; one photo.
    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
    ];
    for (const kind of ['avatar', 'cover'] as const) {
      app.post(
        `/canales/:name/${kind}`,
        { onRequest: uploadChecks, schema: { params: channelParams, response: oneChannel } },
        async (request) => {
          const image = await readMultipartImage(request, MSG.postImageRequired);
          const viewer = requireViewer(request);
          return ok(
            await channels.setChannelImage(ctx, viewer, request.params.name, kind, image),
            MSG.channelSaved,
          );
        },
      );
    }

    app.post(
      '/canales/:name/delete',
      { onRequest: sessionRequired, schema: { params: channelParams, response: done } },
      async (request) => {
        await channels.deleteChannel(ctx, requireViewer(request), request.params.name);
        return ok(undefined, MSG.channelDeleted);
      },
    );

    app.get(
      '/canales/:name/:videoname',
      { schema: { params: videoParams, response: answering(okEnvelope(videoPageSchema)) } },
      async (request) => ok(await videos.getVideoPage(ctx, request.viewer, request.params)),
    );

    app.post(
      '/canales/:name/:videoname/edit',
      {
        onRequest: sessionRequired,
        schema: {
          params: videoParams,
          body: jsonBody(editVideoBody),
          response: answering(okEnvelope(videoSchema)),
        },
      },
      async (request) =>
        ok(await videos.editVideo(ctx, requireViewer(request), request.params, request.body), MSG.videoSaved),
    );

    app.post(
      '/canales/:name/:videoname/delete',
      { onRequest: sessionRequired, schema: { params: videoParams, response: done } },
      async (request) => {
        await videos.deleteVideo(ctx, requireViewer(request), request.params);
        return ok(undefined, MSG.videoDeleted);
      },
    );

    app.post(
      '/canales/:name/:videoname/like',
      {
        onRequest: sessionRequired,
        schema: { params: videoParams, response: answering(okEnvelope(videoLikeSchema)) },
      },
      async (request) => ok(await videos.toggleVideoLike(ctx, requireViewer(request), request.params)),
    );

    // Visitors count too: their writes have the anonymous budget per address (http/write-limits.ts).
    app.post(
      '/canales/:name/:videoname/view',
      { schema: { params: videoParams, response: answering(okEnvelope(videoViewSchema)) } },
      async (request) => ok(await videos.countVideoView(ctx, request.viewer, request.ip, request.params)),
    );

    app.post(
      '/subscribe/:canal',
      {
        onRequest: sessionRequired,
        schema: { params: subscribeParams, response: answering(okEnvelope(subscriptionSchema)) },
      },
      async (request) =>
        ok(await channels.toggleSubscription(ctx, requireViewer(request), request.params.canal)),
    );
  };
