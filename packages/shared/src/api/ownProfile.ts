import {
  exportLinkSchema,
  okEnvelope,
  okMessage,
  ownProfileSchema,
  profileUpdateSchema,
  vehicleSchema,
} from '../answers/index.js';
import { codeParams } from '../accounts.js';
import { changeEmailBody, changePasswordBody, confirmPasswordBody, vehicleBody } from '../ownProfile.js';
import type { CallTable } from './call.js';

/** The own account (spec §2 /perfil, settings tab). */
export const ownProfileCalls = {
  'GET /perfil': { answer: okEnvelope(ownProfileSchema) },
  /** The description `d` (checked by profileFields) and the two photos; at least one of them. */
  'POST /perfil': {
    form: { d: 'text', imgperfil: 'file', imgcab: 'file' },
    answer: okEnvelope(profileUpdateSchema),
  },
  'POST /perfil/password': { body: changePasswordBody, answer: okMessage },
  'POST /perfil/email': { body: changeEmailBody, answer: okMessage },
  'POST /perfil/email/:code': { params: codeParams, answer: okMessage },
  'POST /perfil/export': { body: confirmPasswordBody, answer: okEnvelope(exportLinkSchema) },
  /** The link ExportLink.url gives. */
  'GET /perfil/export/:code': {
    params: codeParams,
    answers: {
      200: {
        description: 'The account’s data as a zip',
        content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'POST /perfil/delete': { body: confirmPasswordBody, answer: okMessage },
  /** My vehicle (issue #32): the map's filters start from it and every sheet says whether it fits. */
  'GET /perfil/vehiculo': { answer: okEnvelope(vehicleSchema.nullable()) },
  'POST /perfil/vehiculo': { body: vehicleBody, answer: okEnvelope(vehicleSchema) },
  'DELETE /perfil/vehiculo': { answer: okMessage },
} satisfies CallTable;
