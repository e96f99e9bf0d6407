import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markNotificationsSeenBody, notificationsQuery } from '@nomadas/shared/schemas';
import {
  notificationsPageSchema,
  notificationsSeenSchema,
  okEnvelope,
  pendingNotificationsSchema,
} from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import * as notifications from './notifications.service.js';

/** The notification calls of spec §7: the list, the pending count (polled every 30 s) and marking them seen. */
export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      {
        onRequest: sessionRequired,
        schema: { querystring: notificationsQuery, response: answering(okEnvelope(notificationsPageSchema)) },
      },
      async (request) =>
        ok(await notifications.listNotifications(ctx, requireViewer(request), request.query)),
    );

    app.get(
      '/notifications_nv',
      { onRequest: sessionRequired, schema: { response: answering(okEnvelope(pendingNotificationsSchema)) } },
      async (request) => ok(await notifications.countPendingNotifications(ctx, requireViewer(request))),
    );

    app.post(
      '/notifications',
      {
        onRequest: sessionRequired,
        schema: {
          body: jsonBody(markNotificationsSeenBody),
          response: answering(okEnvelope(notificationsSeenSchema)),
        },
      },
      async (request) =>
        ok(await notifications.markNotificationsSeen(ctx, requireViewer(request), request.body)),
    );
  };
