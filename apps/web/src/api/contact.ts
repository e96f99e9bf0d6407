import type { ContactBody } from '@nomadas/shared/schemas';
import { api } from './client';

/** The contact form (spec §2 /contacto). */
export const sendContactMessage = (body: ContactBody) => api.post('/contacto', body);
