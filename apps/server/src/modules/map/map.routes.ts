import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import {
  locationReportBody,
  mapReportActionBody,
  mapNearbyQuery,
  mapPointsQuery,
  newLocationBody,
  reviewBody,
  urlpointParams,
} from '@nomadas/shared/schemas';
import {
  livePositionSchema,
  mapConfirmationSchema,
  mapLocationSchema,
  mapPlaceSchema,
  mapPointsSchema,
  okEnvelope,
  okMessage,
  reportedPlaceSchema,
} from '@nomadas/shared/answers';
import { readMultipartImage } from '../../http/multipart-image.js';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { sendPrepared } from '../../http/prepared-json.js';
import { jsonBody } from '../../http/json-body.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import { startLivePositions, visiblePositions } from './live-positions.js';
import { requireModerator } from '../moderation/moderation.service.js';
import { listReportedPlaces, reviewReportedPlace } from './map-moderation.service.js';
import * as map from './map.service.js';

/** The map (issue #9, DESIGN.md §3): points in a box, a place's sheet, adding and reviewing places, live positions. */
export const mapRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const stopLivePositions = startLivePositions(ctx, app.log);
    app.addHook('onClose', async () => stopLivePositions());
    const sheet = answering(okEnvelope(mapLocationSchema));

    app.get(
      '/map/points',
      {
        // Sent as JSON and gzip prepared once per shared box (http/prepared-json.ts).
        compress: false,
        schema: { querystring: mapPointsQuery, response: answering(okEnvelope(mapPointsSchema)) },
      },
      async (request, reply) =>
        sendPrepared(request, reply, await map.listPoints(ctx, request.viewer, request.query)),
    );

    app.get(
      '/map/location/:urlpoint',
      { schema: { params: urlpointParams, response: sheet } },
      async (request) => ok(await map.locationSheet(ctx, request.viewer, request.params.urlpoint)),
    );

    app.get(
      '/map/nearby',
      { schema: { querystring: mapNearbyQuery, response: answering(okEnvelope(z.array(mapPlaceSchema))) } },
      async (request) => ok(await map.nearbyPlaces(ctx, request.query.lat, request.query.lng)),
    );

    app.get(
      '/map/positions',
      {
        onRequest: sessionRequired,
        schema: { response: answering(okEnvelope(z.array(livePositionSchema))) },
      },
      async (request) => ok(await visiblePositions(ctx, requireViewer(request))),
    );

    app.post(
      '/map/location',
      { onRequest: sessionRequired, schema: { body: jsonBody(newLocationBody), response: sheet } },
      async (request) =>
        ok(await map.addLocation(ctx, requireViewer(request), request.body), MSG.mapLocationAdded),
    );

    app.post(
      '/map/location/:urlpoint/confirm',
      {
        onRequest: sessionRequired,
        schema: { params: urlpointParams, response: answering(okEnvelope(mapConfirmationSchema)) },
      },
      async (request) => {
        const { state, msg } = await map.confirmLocation(
          ctx,
          requireViewer(request),
          request.params.urlpoint,
        );
        return ok(state, msg);
      },
    );

    app.post(
      '/map/location/:urlpoint/review',
      {
        onRequest: sessionRequired,
        schema: { params: urlpointParams, body: jsonBody(reviewBody), response: sheet },
      },
      async (request) => {
        const viewer = requireViewer(request);
        return ok(
          await map.reviewLocation(ctx, viewer, request.params.urlpoint, request.body),
          MSG.mapReviewSaved,
        );
      },
    );

    app.post(
      '/map/location/:urlpoint/report',
      {
        onRequest: sessionRequired,
        schema: {
          params: urlpointParams,
          body: jsonBody(locationReportBody),
          response: answering(okMessage),
        },
      },
      async (request) => {
        await map.reportLocation(ctx, requireViewer(request), request.params.urlpoint, request.body.reason);
        return ok(undefined, MSG.mapReportSent);
      },
    );

    app.post(
      '/map/location/:urlpoint/photo',
      {
        onRequest: [
          sessionRequired,
          limitedBy(ctx, 'uploadUser', 'user'),
          declaredUploadAtMost(POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
        ],
        schema: { params: urlpointParams, response: sheet },
      },
      async (request) => {
        const image = await readMultipartImage(request, MSG.mapPhotoRequired);
        const viewer = requireViewer(request);
        return ok(await map.addLocationPhoto(ctx, viewer, request.params.urlpoint, image), MSG.mapPhotoAdded);
      },
    );

    // The moderators' review of places reported to have wrong data (the /moderacion screen).
    const moderatorsOnly = async (request: FastifyRequest) => {
      await requireModerator(ctx, requireViewer(request));
    };

    app.get(
      '/moderacion/lugares',
      {
        onRequest: moderatorsOnly,
        schema: { response: answering(okEnvelope(z.array(reportedPlaceSchema))) },
      },
      async () => ok(await listReportedPlaces(ctx)),
    );

    app.post(
      '/moderacion/lugares/:urlpoint',
      {
        onRequest: moderatorsOnly,
        schema: {
          params: urlpointParams,
          body: jsonBody(mapReportActionBody),
          response: answering(okMessage),
        },
      },
      async (request) =>
        ok(undefined, await reviewReportedPlace(ctx, request.params.urlpoint, request.body.action)),
    );
  };
