import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@nomadas/shared';
import { codeParams, loginBody, newPasswordBody, recoveryBody, registerBody } from '@nomadas/shared/schemas';
import { loginResponseSchema, okMessage } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { limitedBy } from '../../http/write-limits.js';
import * as accounts from './accounts.service.js';
import { deviceCookie } from './login-trust.js';

export const accountsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Per-address limits count before the body is read; per-account and per-email ones in the service.
    const codeGuesses = limitedBy(ctx, 'codeIp', 'ip');
    const done = answering(okMessage);

    app.post(
      '/register',
      {
        onRequest: limitedBy(ctx, 'registerIp', 'ip'),
        schema: { body: jsonBody(registerBody), response: done },
      },
      async (request) => ok(undefined, await accounts.register(ctx, request.body)),
    );

    app.post(
      '/login',
      {
        onRequest: limitedBy(ctx, 'loginIp', 'ip'),
        schema: { body: jsonBody(loginBody), response: answering(loginResponseSchema) },
      },
      async (request, reply) => {
        const origin = { address: request.ip, cookies: request.headers.cookie };
        const { answer, deviceTokens } = await accounts.login(ctx, request.body, origin);
        // Beyond the spec's answer, a cookie the browser keeps and sends back to this call only: the owner
        // still gets in while strangers' guesses have their login name limited (login-trust.ts).
        if (deviceTokens) reply.header('set-cookie', deviceCookie(ctx.config, deviceTokens));
        return answer;
      },
    );

    app.post('/logout', { schema: { response: done } }, async (request) => {
      await accounts.logout(ctx, requireViewer(request));
      return ok(undefined, MSG.loggedOut);
    });

    app.post(
      '/recovery',
      {
        onRequest: limitedBy(ctx, 'recoveryIp', 'ip'),
        schema: { body: jsonBody(recoveryBody), response: done },
      },
      async (request) => ok(undefined, await accounts.requestRecovery(ctx, request.body.email)),
    );

    app.post(
      '/verificar/:code',
      { onRequest: codeGuesses, schema: { params: codeParams, response: done } },
      async (request) => ok(undefined, await accounts.activate(ctx, request.params.code)),
    );

    app.post(
      '/nuevopass/:code',
      {
        onRequest: codeGuesses,
        schema: { params: codeParams, body: jsonBody(newPasswordBody), response: done },
      },
      async (request) =>
        ok(undefined, await accounts.resetPassword(ctx, request.params.code, request.body.password)),
    );
  };
