import { z } from 'zod';
import { MSG } from './messages.js';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from './realtime.js';

// Requests of the chat calls (spec §7: GET /chats, GET /view/nchats, POST /connectws); their answers are in
// answers/chat.ts, the socket's frames in realtime.ts.

/** Query-string values: an empty `?a=` means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * GET /api/chats: every conversation, most recent first, each with its latest `l` messages (newest first).
 * With `u` (a username): only the conversation with them — even one with no message yet, so a profile's
 * 'Enviar mensaje' can open it —, and with `a` (a message id) its messages older than that one: the history.
 */
export const chatsQuery = z.object({
  u: optionalParam(z.string({ error: MSG.invalidInput }).min(1).max(100)),
  a: optionalParam(z.string().regex(/^\d{1,18}$/, { error: MSG.invalidInput })),
  l: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(1)).transform((l) =>
    Math.min(l ?? CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX),
  ),
});
