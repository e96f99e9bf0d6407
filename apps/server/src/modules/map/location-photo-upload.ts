import type { FastifyRequest } from 'fastify';
import { MSG } from '@nomadas/shared';
import { badRequest } from '../../http/errors.js';

const multipartErrorMessages: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: MSG.postImageTooLarge,
  FST_FILES_LIMIT: MSG.invalidInput,
  FST_FIELDS_LIMIT: MSG.invalidInput,
  FST_PARTS_LIMIT: MSG.invalidInput,
};

/** The `media` file of POST /api/map/location/{urlpoint}/photo (at most 15 MB by the multipart limits). */
export async function readLocationPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(MSG.mapPhotoRequired);
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'media' && image === undefined) image = await part.toBuffer();
      else part.file.resume(); // any other file is drained and ignored
    }
  } catch (error) {
    throw badRequest(multipartErrorMessages[(error as { code?: string }).code ?? ''] ?? MSG.invalidInput);
  }
  if (image === undefined) throw badRequest(MSG.mapPhotoRequired);
  return image;
}
