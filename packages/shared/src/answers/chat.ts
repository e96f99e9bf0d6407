import { z } from 'zod';
import { flagSchema } from './envelope.js';

// Answers of the chat calls (spec §7). The socket's frames are in ../realtime.ts.

/** Spec §3 "Chat message": send (mine), msg, date, time, robot; plus its id (for paging and acks). */
export const chatMessageSchema = z
  .strictObject({
    id: z.string().describe('Stored id; send it back as a for older messages.'),
    send: z.boolean().describe('true: the caller sent it; false: the counterpart did.'),
    msg: z.string().describe('Plain text (never HTML).'),
    date: z.iso.datetime({ offset: true }),
    time: z
      .number()
      .int()
      .describe("The same instant in epoch milliseconds (shown as HH:MM in the viewer's zone)."),
    robot: flagSchema.describe("1: from the official account ('Mensaje oficial de {site}')."),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Spec §3 "Conversation": counterpart name, img, chats (newest first), novisto (unread count), block. */
export const conversationSchema = z
  .strictObject({
    name: z.string().describe("The counterpart's username."),
    img: z.string().describe("Their profile image URL; '' when none."),
    chats: z.array(chatMessageSchema).describe('Newest first, one page.'),
    fin: flagSchema.describe('1: no older messages than this page.'),
    novisto: z.number().int().min(0).describe('Their messages the caller has not seen.'),
    sinleer: z
      .number()
      .int()
      .min(0)
      .describe("The caller's newest messages they have not read yet (0: all read). Not in the spec."),
    block: flagSchema.describe('1: the caller blocked them.'),
    robot: flagSchema.describe('1: the counterpart is the official account.'),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** `data` of GET /api/chats: conversations, the most recent first. */
export const conversationsSchema = z.array(conversationSchema).meta({ id: 'Conversations' });

/** `data` of GET /api/view/nchats: the caller's unread messages left, all conversations together. */
export const nchatsSchema = z.strictObject({ novisto: z.number().int().min(0) }).meta({ id: 'ChatsSeen' });
export type ChatsSeen = z.infer<typeof nchatsSchema>;

/** `data` of POST /api/connectws: the socket's ticket, `/ws?d={data}&t={token}`, single use, 30 s. */
export const socketTicketSchema = z
  .strictObject({
    data: z.string().describe("The ticket's id: the d of /ws?d=…&t=…."),
    token: z
      .string()
      .describe("The ticket's secret: the t of /ws?d=…&t=…. Works once, within WS_TICKET_TTL_S."),
  })
  .meta({ id: 'SocketTicket' });
export type SocketTicket = z.infer<typeof socketTicketSchema>;
