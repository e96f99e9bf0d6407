import type { Conversation } from '@nomadas/shared/schemas';
import type { Bubble, ChatThread } from './chatTypes';

// Conversations as the panel keeps them, built from and merged with the server's pages: pure functions.

/** Stored ids are bigints as strings: shorter is smaller. */
function compareIds(a = '', b = ''): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function compareStored(a: Bubble, b: Bubble): number {
  return a.time - b.time || compareIds(a.id, b.id);
}

export const same = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();

export function bubblesOf(conversation: Conversation): Bubble[] {
  return conversation.chats
    .map((message): Bubble => ({
      key: `m${message.id}`,
      id: message.id,
      mine: message.send,
      text: message.msg,
      time: message.time,
      robot: message.robot === 1,
      state: 'sent',
    }))
    .sort(compareStored);
}

export function emptyThread(name: string, img = '', robot = false): ChatThread {
  return {
    name,
    img,
    robot,
    bubbles: [],
    fin: false,
    novisto: 0,
    sinleer: 0,
    block: false,
    loadingOlder: false,
  };
}

/**
 * Every message by time, a stored id once: one not stored yet (waiting, or refused while blocked) sits where
 * it was written, not pinned under the messages that came after it.
 */
export function arrange(stored: Bubble[], unsent: Bubble[]): Bubble[] {
  const byId = new Map<string, Bubble>();
  for (const bubble of stored) if (bubble.id) byId.set(bubble.id, bubble);
  // A stable sort: at the same millisecond a stored message stays before one written here.
  return [...[...byId.values()].sort(compareStored), ...unsent].sort((a, b) => a.time - b.time);
}

/**
 * A conversation as the server sent it, merged into the one already here: unsent messages stay, a page that
 * does not reach back to what is here (a gap) replaces it.
 */
export function mergeThread(existing: ChatThread | undefined, conversation: Conversation): ChatThread {
  const page = bubblesOf(conversation);
  const base = existing ?? emptyThread(conversation.name);
  const stored = base.bubbles.filter((bubble) => bubble.state === 'sent');
  const unsent = base.bubbles.filter((bubble) => bubble.state !== 'sent');
  const oldest = page[0];
  const gap =
    conversation.fin === 0 && oldest !== undefined && !stored.some((bubble) => bubble.id === oldest.id);
  const keep = gap ? [] : stored;
  const fin =
    keep.length > 0 && (!oldest || compareStored(keep[0]!, oldest) <= 0) ? base.fin : conversation.fin === 1;
  return {
    ...base,
    name: conversation.name,
    img: conversation.img,
    robot: conversation.robot === 1,
    bubbles: arrange([...keep, ...page], unsent),
    fin,
    novisto: conversation.novisto,
    sinleer: conversation.sinleer,
    block: conversation.block === 1,
  };
}

/** The index of my last stored message they have read: my newest `unread` stored ones are not. */
export function lastReadIndex(bubbles: Bubble[], unread: number): number {
  let left = unread;
  for (let index = bubbles.length - 1; index >= 0; index--) {
    const bubble = bubbles[index]!;
    if (!bubble.mine || bubble.state !== 'sent') continue;
    if (left === 0) return index;
    left--;
  }
  return -1;
}
