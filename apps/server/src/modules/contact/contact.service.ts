import { MSG } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { contactMail } from '../../mail/templates.js';
import { insertContactMessage } from './contact.queries.js';

interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Keeps the message and its mail to the team in one commit; the mail leaves from the outbox. */
export async function sendContactMessage(
  ctx: AppContext,
  message: ContactMessage,
  sender: { userId: string | null },
): Promise<string> {
  await ctx.db.transaction().execute(async (trx) => {
    await insertContactMessage(trx, { ...message, userId: sender.userId });
    await ctx.outbox.enqueue(trx, contactMail(ctx.config.siteName, ctx.config.contactEmail, message));
  });
  ctx.outbox.wake();
  return MSG.contactSent;
}
