import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import { profileFields } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { sessionRequired } from '../../http/access.js';
import { requireViewer } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { multipartRefusal } from '../../http/multipart-image.js';
import { containsNul } from '../../http/nul-guard.js';
import { serveCall } from '../../http/route-table.js';
import { declaredUploadAtMost, limitedBy } from '../../http/write-limits.js';
import { deleteAccount } from './account-deletion.service.js';
import { changePassword, confirmEmailChange, requestEmailChange } from './credentials.service.js';
import { createExportLink, openExport } from './data-export.service.js';
import { getOwnProfile, updateProfile, type ProfileUpload } from './own-profile.service.js';
import { getVehicle, removeVehicle, setVehicle } from './vehicle.service.js';

/** The own account (spec §2 /perfil, settings tab): the calls are listed in packages/shared/src/api/ownProfile.ts. */
export const ownProfileRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const mine = { onRequest: sessionRequired };
    // Links from mails and downloads carry a code: guesses at it count per address, before anything else.
    const codeGuesses = { onRequest: limitedBy(ctx, 'codeIp', 'ip') };

    serveCall(app, 'GET /perfil', mine, async (request) =>
      ok(await getOwnProfile(ctx, requireViewer(request))),
    );

    // Counted as an upload before a byte of the body is read; two photos at most.
    const uploadChecks = [
      sessionRequired,
      limitedBy(ctx, 'uploadUser', 'user'),
      declaredUploadAtMost(2 * POST_IMAGE_MAX_BYTES, MSG.postImageTooLarge),
    ];
    serveCall(app, 'POST /perfil', { onRequest: uploadChecks }, async (request) => {
      const upload = await readProfileUpload(request);
      return ok(await updateProfile(ctx, requireViewer(request), upload), MSG.profileUpdated);
    });

    serveCall(app, 'POST /perfil/password', mine, async (request) =>
      ok(undefined, await changePassword(ctx, requireViewer(request), request.body)),
    );

    serveCall(app, 'POST /perfil/email', mine, async (request) =>
      ok(undefined, await requestEmailChange(ctx, requireViewer(request), request.body)),
    );

    serveCall(app, 'POST /perfil/email/:code', codeGuesses, async (request) =>
      ok(undefined, await confirmEmailChange(ctx, request.params.code)),
    );

    serveCall(app, 'POST /perfil/export', mine, async (request) =>
      ok(await createExportLink(ctx, requireViewer(request), request.body.password), MSG.exportReady),
    );

    // A zip, not JSON (ExportLink.url links to it).
    serveCall(app, 'GET /perfil/export/:code', codeGuesses, async (request, reply) => {
      const { filename, zip } = await openExport(ctx, request.params.code, (error) =>
        request.log.error({ err: error }, 'data export cut off'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(zip);
    });

    serveCall(app, 'POST /perfil/delete', mine, async (request) =>
      ok(undefined, await deleteAccount(ctx, requireViewer(request), request.body.password)),
    );

    serveCall(app, 'GET /perfil/vehiculo', mine, async (request) =>
      ok(await getVehicle(ctx, requireViewer(request))),
    );

    serveCall(app, 'POST /perfil/vehiculo', mine, async (request) =>
      ok(await setVehicle(ctx, requireViewer(request), request.body), MSG.vehicleSaved),
    );

    serveCall(app, 'DELETE /perfil/vehiculo', mine, async (request) => {
      await removeVehicle(ctx, requireViewer(request));
      return ok(undefined, MSG.vehicleRemoved);
    });
  };

/**
 * Reads the multipart form of POST /api/perfil: the `d` field and the `imgperfil` and `imgcab` files
 * (each at most 15 MB by the multipart limits), validated by the shared schema. Nothing is stored here.
 */
async function readProfileUpload(request: FastifyRequest): Promise<ProfileUpload> {
  if (!request.isMultipart()) throw badRequest(MSG.invalidInput);
  const upload: ProfileUpload = {};
  let description: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'imgperfil' && !upload.avatar) upload.avatar = await part.toBuffer();
        else if (part.fieldname === 'imgcab' && !upload.cover) upload.cover = await part.toBuffer();
        else part.file.resume(); // any other file is drained and ignored
      } else if (part.fieldname === 'd') {
        description = part.value;
      }
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  if (containsNul(description)) throw badRequest(MSG.invalidCharacters);
  const fields = profileFields.safeParse({ d: description });
  if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? MSG.invalidInput);
  if (fields.data.d !== undefined) upload.description = fields.data.d;
  if (upload.description === undefined && !upload.avatar && !upload.cover)
    throw badRequest(MSG.profileNothingToUpdate);
  return upload;
}
