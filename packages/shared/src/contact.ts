import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from './constants.js';
import { MSG } from './messages.js';
import { emailSchema } from './accounts.js';

const required = (message: string, max: number, tooLong = message) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, { error: message }).max(max, { error: tooLong }));

export const contactBody = z.object({
  name: required(MSG.contactNameRequired, CONTACT_NAME_MAX),
  email: z.string({ error: MSG.emailRequired }).pipe(emailSchema),
  subject: required(MSG.contactSubjectRequired, CONTACT_SUBJECT_MAX),
  message: required(MSG.contactMessageRequired, CONTACT_MESSAGE_MAX, MSG.contactMessageTooLong),
});
export type ContactBody = z.input<typeof contactBody>;
