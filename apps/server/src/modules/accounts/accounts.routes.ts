import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { serveCall } from '../../http/route-table.js';
import { limitedBy } from '../../http/write-limits.js';
import * as accounts from './accounts.service.js';
import { deviceCookie } from './login-trust.js';

export const accountsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Per-address limits count before the body is read; per-account and per-email ones in the service.
    const codeGuesses = { onRequest: limitedBy(ctx, 'codeIp', 'ip') };

    serveCall(app, 'POST /register', { onRequest: limitedBy(ctx, 'registerIp', 'ip') }, async (request) =>
      ok(undefined, await accounts.register(ctx, request.body)),
    );

    serveCall(app, 'POST /login', { onRequest: limitedBy(ctx, 'loginIp', 'ip') }, async (request, reply) => {
      const origin = { address: request.ip, cookies: request.headers.cookie };
      const { answer, deviceTokens } = await accounts.login(ctx, request.body, origin);
      // Beyond the spec's answer, a cookie the browser keeps and sends back to this call only: the owner
      // still gets in while strangers' guesses have their login name limited (login-trust.ts).
      if (deviceTokens) reply.header('set-cookie', deviceCookie(ctx.config, deviceTokens));
      return answer;
    });

    serveCall(app, 'POST /logout', {}, async (request) => {
      await accounts.logout(ctx, requireViewer(request));
      return ok(undefined, MSG.loggedOut);
    });

    serveCall(app, 'POST /recovery', { onRequest: limitedBy(ctx, 'recoveryIp', 'ip') }, async (request) =>
      ok(undefined, await accounts.requestRecovery(ctx, request.body.email)),
    );

    serveCall(app, 'POST /verificar/:code', codeGuesses, async (request) =>
      ok(undefined, await accounts.activate(ctx, request.params.code)),
    );

    serveCall(app, 'POST /nuevopass/:code', codeGuesses, async (request) =>
      ok(undefined, await accounts.resetPassword(ctx, request.params.code, request.body.password)),
    );
  };
