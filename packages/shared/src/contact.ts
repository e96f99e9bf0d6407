import { z } from 'zod';
import { MSG } from './messages.js';
import { emailSchema } from './accounts.js';

const required = (message: string, max: number, tooLong = message) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, { error: message }).max(max, { error: tooLong }));

export const contactBody = z.object({
  name: required(MSG.contactNameRequired, 100),
  email: z.string({ error: MSG.emailRequired }).pipe(emailSchema),
  subject: required(MSG.contactSubjectRequired, 150),
  message: required(MSG.contactMessageRequired, 5000, MSG.contactMessageTooLong),
});
export type ContactBody = z.input<typeof contactBody>;
