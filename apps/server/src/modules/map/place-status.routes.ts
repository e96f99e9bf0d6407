import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answerOnce } from '../../http/idempotency.js';
import { serveCall } from '../../http/route-table.js';
import { placeStatus, reportPlace } from './place-status.service.js';

/** Reports on a place that age (issue #32): its services now, the price paid, "¿Hay sitio?". */
export const placeStatusRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const withSession = { onRequest: sessionRequired };
    const saved = (status: Awaited<ReturnType<typeof placeStatus>>) => ok(status, MSG.placeStatusSaved);

    serveCall(app, 'GET /map/location/:urlpoint/status', {}, async (request) =>
      ok(await placeStatus(ctx, request.viewer, request.params.urlpoint)),
    );

    serveCall(app, 'POST /map/location/:urlpoint/service', withSession, async (request, reply) => {
      const { service, state } = request.body;
      return answerOnce(
        ctx,
        request,
        reply,
        (key) =>
          reportPlace(ctx, requireViewer(request), request.params.urlpoint, { topic: service, state }, key),
        saved,
      );
    });

    serveCall(app, 'POST /map/location/:urlpoint/price', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) =>
          reportPlace(
            ctx,
            requireViewer(request),
            request.params.urlpoint,
            { topic: 'precio', price: request.body.price },
            key,
          ),
        saved,
      ),
    );

    serveCall(app, 'POST /map/location/:urlpoint/occupancy', withSession, async (request, reply) =>
      answerOnce(
        ctx,
        request,
        reply,
        (key) =>
          reportPlace(
            ctx,
            requireViewer(request),
            request.params.urlpoint,
            { topic: 'sitio', state: request.body.state },
            key,
          ),
        saved,
      ),
    );
  };
