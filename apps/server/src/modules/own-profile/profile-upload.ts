import type { FastifyRequest } from 'fastify';
import { MSG } from '@nomadas/shared';
import { profileFields } from '@nomadas/shared/schemas';
import { badRequest } from '../../http/errors.js';
import { multipartRefusal } from '../../http/multipart-image.js';
import { containsNul } from '../../http/nul-guard.js';

export interface ProfileUpload {
  /** Undefined: the description is left as it is. */
  description?: string;
  avatar?: Buffer;
  cover?: Buffer;
}

/**
 * Reads the multipart form of POST /api/perfil: the `d` field and the `imgperfil` and `imgcab` files
 * (each at most 15 MB by the multipart limits), validated by the shared schema. Nothing is stored here.
 */
export async function readProfileUpload(request: FastifyRequest): Promise<ProfileUpload> {
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
