import { codeParams, loginBody, newPasswordBody, recoveryBody, registerBody } from '../accounts.js';
import { loginResponseSchema, okMessage } from '../answers/index.js';
import type { CallTable } from './call.js';

export const accountsCalls = {
  'POST /register': { body: registerBody, answer: okMessage },
  'POST /login': { body: loginBody, answer: loginResponseSchema },
  'POST /logout': { answer: okMessage },
  'POST /recovery': { body: recoveryBody, answer: okMessage },
  'POST /verificar/:code': { params: codeParams, answer: okMessage },
  'POST /nuevopass/:code': { params: codeParams, body: newPasswordBody, answer: okMessage },
} satisfies CallTable;
