import type { FastifyRequest } from 'fastify';
import { MSG } from '@nomadas/shared';
import { createPostFields } from '@nomadas/shared/schemas';
import { badRequest } from '../../http/errors.js';
import { multipartRefusal } from '../../http/multipart-image.js';
import { containsNul } from '../../http/nul-guard.js';

/**
 * Reads the multipart form of POST /api/post/create: the `media` file (buffered, at most 15 MB by
 * the multipart limits), the `text` field and the optional `lugar` (a map place's urlpoint), validated by
 * the shared schema.
 */
export async function readPostUpload(
  request: FastifyRequest,
): Promise<{ text: string; image: Buffer; lugar?: string | undefined }> {
  if (!request.isMultipart()) throw badRequest(MSG.postImageRequired);
  let image: Buffer | undefined;
  let text: unknown;
  let lugar: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'media' && image === undefined) image = await part.toBuffer();
        else part.file.resume(); // any other file is drained and ignored
      } else if (part.fieldname === 'text') {
        text = part.value;
      } else if (part.fieldname === 'lugar') {
        lugar = part.value;
      }
    }
  } catch (error) {
    // Anything else that breaks while reading the form is a malformed or cut-off request.
    throw multipartRefusal(error);
  }
  if (containsNul(text) || containsNul(lugar)) throw badRequest(MSG.invalidCharacters);
  const fields = createPostFields.safeParse({
    text: typeof text === 'string' ? text : undefined,
    lugar: typeof lugar === 'string' ? lugar : undefined,
  });
  if (!fields.success) throw badRequest(fields.error.issues[0]?.message ?? MSG.invalidInput);
  if (image === undefined) throw badRequest(MSG.postImageRequired);
  return { text: fields.data.text, image, lugar: fields.data.lugar };
}
