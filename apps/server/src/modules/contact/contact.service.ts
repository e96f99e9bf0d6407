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

/** Keeps the message first (nothing lost if mail is down), then mails it to the team. */
export async function sendContactMessage(
  ctx: AppContext,
  message: ContactMessage,
  sender: { ip: string; userId: string | null },
): Promise<string> {
  await ctx.limits.consume('contactIp', sender.ip);
  await insertContactMessage(ctx.db, { ...message, userId: sender.userId });
  await ctx.mailer.send(contactMail(ctx.config.siteName, ctx.config.contactEmail, message));
  return MSG.contactSent;
}
