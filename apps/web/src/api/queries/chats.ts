import type { ChatsSeen, Conversation } from '@nomadas/shared/schemas';
import { call, find } from '../client';

// Plain calls (no TanStack Query): the chat's own state machine (chat/chatStore.ts) holds what they answer.

/** GET /api/chats: my conversations, the most recent first, or null when there was no usable answer. */
export async function fetchChats(): Promise<Conversation[] | null> {
  const answer = await call('GET /chats');
  return answer !== false && answer.state === 'OK' && Array.isArray(answer.data) ? answer.data : null;
}

/**
 * GET /api/chats?u={name}: the conversation with one user (also one with no message yet); with `before` (a
 * message id) its messages older than that one. Null when there is no such user or no answer.
 */
export async function fetchConversation(name: string, before?: string): Promise<Conversation | null> {
  const answer = await call('GET /chats', { query: { u: name, a: before || undefined } });
  if (answer === false || answer.state !== 'OK' || !Array.isArray(answer.data)) return null;
  return answer.data[0] ?? null;
}

/** GET /api/chats?u={name} says there is no such user (404): the account is gone. */
export async function conversationGone(name: string): Promise<boolean> {
  return (await find('GET /chats', { query: { u: name, l: 1 } })) === null;
}

/** GET /api/view/nchats (spec §7): called when the official chat opens; its messages count as read. */
export async function markOfficialChatsSeen(): Promise<ChatsSeen | null> {
  const answer = await call('GET /view/nchats');
  return answer !== false && answer.state === 'OK' && answer.data ? answer.data : null;
}
