import { okMessage } from '../answers/index.js';
import { contactBody } from '../contact.js';
import type { CallTable } from './call.js';

export const contactCalls = {
  'POST /contacto': { body: contactBody, answer: okMessage },
} satisfies CallTable;
