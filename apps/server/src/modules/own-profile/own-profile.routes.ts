import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import {
  changeEmailBody,
  changePasswordBody,
  codeParams,
  confirmPasswordBody,
} from '@nomadas/shared/schemas';
import {
  exportLinkSchema,
  koEnvelope,
  okEnvelope,
  okMessage,
  ownProfileSchema,
  profileUpdateSchema,
} from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { answering } from '../../http/answers.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jsonBody } from '../../http/json-body.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import { deleteAccount } from './account-deletion.service.js';
import { changePassword, confirmEmailChange, requestEmailChange } from './credentials.service.js';
import { createExportLink, openExport } from './data-export.service.js';
import { getOwnProfile, updateProfile } from './own-profile.service.js';
import { readProfileUpload } from './profile-upload.js';

/** The own account (spec §2 /perfil, settings tab): the calls are listed in packages/shared/src/ownProfile.ts. */
export const ownProfileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const done = answering(okMessage);
    // Links from mails and downloads carry a code: guesses at it count per address, before anything else.
    const codeGuesses = limitedBy(ctx, 'codeIp', 'ip');

    app.get(
      '/perfil',
      { onRequest: sessionRequired, schema: { response: answering(okEnvelope(ownProfileSchema)) } },
      async (request) => ok(await getOwnProfile(ctx, requireViewer(request))),
    );

    // Counted as an upload before a byte of the body is read; two photos at most.
    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(2 * POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
    ];
    app.post(
      '/perfil',
      { onRequest: uploadChecks, schema: { response: answering(okEnvelope(profileUpdateSchema)) } },
      async (request) => {
        const upload = await readProfileUpload(request);
        return ok(await updateProfile(ctx, requireViewer(request), upload), MSG.profileUpdated);
      },
    );

    app.post(
      '/perfil/password',
      { onRequest: sessionRequired, schema: { body: jsonBody(changePasswordBody), response: done } },
      async (request) => ok(undefined, await changePassword(ctx, requireViewer(request), request.body)),
    );

    app.post(
      '/perfil/email',
      { onRequest: sessionRequired, schema: { body: jsonBody(changeEmailBody), response: done } },
      async (request) => ok(undefined, await requestEmailChange(ctx, requireViewer(request), request.body)),
    );

    app.post(
      '/perfil/email/:code',
      { onRequest: codeGuesses, schema: { params: codeParams, response: done } },
      async (request) => ok(undefined, await confirmEmailChange(ctx, request.params.code)),
    );

    app.post(
      '/perfil/export',
      {
        onRequest: sessionRequired,
        schema: { body: jsonBody(confirmPasswordBody), response: answering(okEnvelope(exportLinkSchema)) },
      },
      async (request) =>
        ok(await createExportLink(ctx, requireViewer(request), request.body.password), MSG.exportReady),
    );

    // A zip, not JSON: left out of /api/docs (which documents JSON answers), described by ExportLink.url.
    app.get(
      '/perfil/export/:code',
      {
        onRequest: codeGuesses,
        schema: {
          hide: true,
          params: codeParams,
          response: { 200: z.unknown().describe('application/zip'), '4xx': koEnvelope, '5xx': koEnvelope },
        },
      },
      async (request, reply) => {
        const { filename, zip } = await openExport(ctx, request.params.code, (error) =>
          request.log.error({ err: error }, 'data export cut off'),
        );
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(zip);
      },
    );

    app.post(
      '/perfil/delete',
      { onRequest: sessionRequired, schema: { body: jsonBody(confirmPasswordBody), response: done } },
      async (request) =>
        ok(undefined, await deleteAccount(ctx, requireViewer(request), request.body.password)),
    );
  };
