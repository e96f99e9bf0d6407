import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@nomadas/shared';
import { codeParams, loginBody, newPasswordBody, recoveryBody, registerBody } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import * as accounts from './accounts.service.js';

export const accountsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/register', { schema: { body: jsonBody(registerBody) } }, async (request) =>
      ok(undefined, await accounts.register(ctx, request.body, request.ip)),
    );

    app.post('/login', { schema: { body: jsonBody(loginBody) } }, async (request) =>
      accounts.login(ctx, request.body, request.ip),
    );

    app.post('/logout', async (request) => {
      await accounts.logout(ctx, requireViewer(request));
      return ok(undefined, MSG.loggedOut);
    });

    app.post('/recovery', { schema: { body: jsonBody(recoveryBody) } }, async (request) =>
      ok(undefined, await accounts.requestRecovery(ctx, request.body.email, request.ip)),
    );

    app.post('/verificar/:code', { schema: { params: codeParams } }, async (request) =>
      ok(undefined, await accounts.activate(ctx, request.params.code)),
    );

    app.post(
      '/nuevopass/:code',
      { schema: { params: codeParams, body: jsonBody(newPasswordBody) } },
      async (request) =>
        ok(undefined, await accounts.resetPassword(ctx, request.params.code, request.body.password)),
    );
  };
