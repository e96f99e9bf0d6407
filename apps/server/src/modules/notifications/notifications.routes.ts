import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import * as notifications from './notifications.service.js';

/** The notification calls of spec §7: the list, the pending count (polled every 30 s) and marking them seen. */
export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const mine = { onRequest: sessionRequired };

    serveCall(app, 'GET /notifications', mine, async (request) =>
      ok(await notifications.listNotifications(ctx, requireViewer(request), request.query)),
    );

    serveCall(app, 'GET /notifications_nv', mine, async (request) =>
      ok(await notifications.countPendingNotifications(ctx, requireViewer(request))),
    );

    serveCall(app, 'POST /notifications', mine, async (request) =>
      ok(await notifications.markNotificationsSeen(ctx, requireViewer(request), request.body)),
    );
  };
