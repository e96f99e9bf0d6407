import { conversationsSchema, nchatsSchema, okEnvelope, socketTicketSchema } from '../answers/index.js';
import { chatsQuery } from '../chat.js';
import type { CallTable } from './call.js';

/** The chat's calls; its messages travel on the socket that /connectws's ticket opens. */
export const chatCalls = {
  'GET /chats': { query: chatsQuery, answer: okEnvelope(conversationsSchema) },
  'GET /view/nchats': { answer: okEnvelope(nchatsSchema) },
  'POST /connectws': { answer: okEnvelope(socketTicketSchema) },
} satisfies CallTable;
