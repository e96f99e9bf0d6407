import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import { readMultipartImage } from '../../http/multipart-image.js';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answerOnce } from '../../http/idempotency.js';
import { sendPrepared } from '../../http/prepared-json.js';
import { serveCall } from '../../http/route-table.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import { startLivePositions, visiblePositions } from './live-positions.js';
import { requireModerator } from '../moderation/moderation.service.js';
import { listReportedPlaces, reviewReportedPlace } from './map-moderation.service.js';
import * as map from './map.service.js';
import { offlinePlaces } from './map-offline.js';
import { addLocationPhoto, checkPhotoRoom, deleteLocationPhoto } from './place-photos.js';
import { listSavedPlaces, savePlace } from './saved-places.js';

/** The map (issue #9, DESIGN.md §3): points in a box, a place's sheet, adding and reviewing places, live positions. */
export const mapRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const stopLivePositions = startLivePositions(ctx, app.log);
    app.addHook('onClose', async () => stopLivePositions());
    const withSession = { onRequest: sessionRequired };

    // Sent as JSON and gzip prepared once per shared box (http/prepared-json.ts).
    serveCall(app, 'GET /map/points', { compress: false }, async (request, reply) =>
      sendPrepared(request, reply, await map.listPoints(ctx, request.viewer, request.query)),
    );

    // Every public place for use with no signal, or a delta: gzipped once, 304 when the client has it already.
    serveCall(app, 'GET /map/offline', { compress: false }, async (request, reply) => {
      const answer = await offlinePlaces(ctx, request.query.since);
      reply.header('etag', answer.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
      return sendPrepared(request, reply, answer);
    });

    serveCall(app, 'GET /map/location/:urlpoint', {}, async (request) =>
      ok(await map.locationSheet(ctx, request.viewer, request.params.urlpoint)),
    );

    serveCall(app, 'GET /map/nearby', {}, async (request) =>
      ok(await map.nearbyPlaces(ctx, request.query.lat, request.query.lng)),
    );

    serveCall(app, 'GET /map/positions', withSession, async (request) =>
      ok(await visiblePositions(ctx, requireViewer(request))),
    );

    serveCall(app, 'POST /map/location', withSession, async (request) =>
      ok(await map.addLocation(ctx, requireViewer(request), request.body), MSG.mapLocationAdded),
    );

    serveCall(app, 'POST /map/location/:urlpoint/confirm', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => map.confirmLocation(ctx, requireViewer(request), request.params.urlpoint, key),
        ({ state, msg }) => ok(state, msg),
      ),
    );

    serveCall(app, 'POST /map/location/:urlpoint/review', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => map.reviewLocation(ctx, requireViewer(request), request.params.urlpoint, request.body, key),
        (sheet) => ok(sheet, MSG.mapReviewSaved),
      ),
    );

    serveCall(app, 'POST /map/location/:urlpoint/report', withSession, async (request) => {
      await map.reportLocation(ctx, requireViewer(request), request.params.urlpoint, request.body.reason);
      return ok(undefined, MSG.mapReportSent);
    });

    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
      // A user with all their photos of the place is told before a byte of the photo is read.
      async (request: FastifyRequest) => {
        const { urlpoint } = request.params as { urlpoint: string };
        await checkPhotoRoom(ctx, requireViewer(request), urlpoint);
      },
    ];
    serveCall(app, 'POST /map/location/:urlpoint/photo', { onRequest: uploadChecks }, async (request) => {
      const image = await readMultipartImage(request, MSG.mapPhotoRequired);
      const viewer = requireViewer(request);
      return ok(await addLocationPhoto(ctx, viewer, request.params.urlpoint, image), MSG.mapPhotoAdded);
    });

    serveCall(app, 'DELETE /map/location/:urlpoint/photo/:photo', withSession, async (request) => {
      const { urlpoint, photo } = request.params;
      return ok(await deleteLocationPhoto(ctx, requireViewer(request), urlpoint, photo), MSG.mapPhotoDeleted);
    });

    // "Mis lugares": only the caller's own.
    serveCall(app, 'POST /map/location/:urlpoint/save', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) => savePlace(ctx, requireViewer(request), request.params.urlpoint, request.body.saved, key),
        ({ state, msg }) => ok(state, msg),
      ),
    );

    serveCall(app, 'GET /map/saved', withSession, async (request) =>
      ok(await listSavedPlaces(ctx, requireViewer(request))),
    );

    // The moderators' review of places reported to have wrong data (the /moderacion screen).
    const moderatorsOnly = {
      onRequest: async (request: FastifyRequest) => {
        await requireModerator(ctx, requireViewer(request));
      },
    };

    serveCall(app, 'GET /moderacion/lugares', moderatorsOnly, async () => ok(await listReportedPlaces(ctx)));

    serveCall(app, 'POST /moderacion/lugares/:urlpoint', moderatorsOnly, async (request) =>
      ok(undefined, await reviewReportedPlace(ctx, request.params.urlpoint, request.body.action)),
    );
  };
