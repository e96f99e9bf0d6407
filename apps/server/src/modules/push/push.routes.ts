import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import * as push from './push.service.js';

/** Web Push: the server's public key, and the caller's devices that are told with the app closed. */
export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const mine = { onRequest: sessionRequired };

    serveCall(app, 'GET /push/key', {}, async () => ok(push.pushKey(ctx)));

    serveCall(app, 'POST /push/subscribe', mine, async (request) =>
      ok(undefined, await push.subscribe(ctx, requireViewer(request), request.body)),
    );

    serveCall(app, 'POST /push/unsubscribe', mine, async (request) =>
      ok(undefined, await push.unsubscribe(ctx, requireViewer(request), request.body.endpoint)),
    );
  };
