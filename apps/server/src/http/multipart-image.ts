import type { FastifyRequest } from 'fastify';
import { MSG } from '@nomadas/shared';
import { badRequest } from './errors.js';

const multipartErrorMessages: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: MSG.postImageTooLarge,
  FST_FILES_LIMIT: MSG.invalidInput,
  FST_FIELDS_LIMIT: MSG.invalidInput,
  FST_PARTS_LIMIT: MSG.invalidInput,
};

/** The 400 for a multipart body that broke a limit of the multipart plugin (or was malformed). */
export function multipartRefusal(error: unknown) {
  return badRequest(multipartErrorMessages[(error as { code?: string }).code ?? ''] ?? MSG.invalidInput);
}

/**
 * The `media` file of a multipart image upload (at most 15 MB by the multipart limits); other files are drained
 * and ignored. `missing` is the message when there is none.
 */
export async function readMultipartImage(request: FastifyRequest, missing: string): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(missing);
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'media' && image === undefined) image = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  if (image === undefined) throw badRequest(missing);
  return image;
}
