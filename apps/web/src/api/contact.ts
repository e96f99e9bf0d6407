import type { ContactBody } from '@nomadas/shared/schemas';
import { call } from './client';

/** The contact form (spec §2 /contacto). */
export const sendContactMessage = (body: ContactBody) => call('POST /contacto', { body });
