import type { StorageLike } from '../session/sessionStore';
import { emptyThread, same } from './chatThreads';
import type { ChatThread } from './chatTypes';

/** A message written here waiting for the socket or its ack, kept across a reload. */
interface OutboxItem {
  cid: string;
  to: string;
  txt: string;
  time: number;
  error?: string;
}

export const OUTBOX_KEY = 'chat_outbox';

/** Keeps the messages not stored yet, for this user, across a reload (or forgets the outbox when none). */
export function saveOutbox(storage: StorageLike, user: string, threads: ChatThread[]): void {
  const items: OutboxItem[] = [];
  for (const thread of threads) {
    for (const bubble of thread.bubbles) {
      if (bubble.state === 'sent' || !bubble.cid) continue;
      items.push({
        cid: bubble.cid,
        to: thread.name,
        txt: bubble.text,
        time: bubble.time,
        ...(bubble.error ? { error: bubble.error } : {}),
      });
    }
  }
  if (items.length) storage.setItem(OUTBOX_KEY, JSON.stringify({ u: user, items }));
  else storage.removeItem(OUTBOX_KEY);
}

/** The messages a reload left waiting, for this user only, as conversations holding just them. */
export function loadOutbox(storage: StorageLike, user: string, now: number): ChatThread[] {
  let items: OutboxItem[] = [];
  try {
    const saved = JSON.parse(storage.getItem(OUTBOX_KEY) ?? 'null') as {
      u?: unknown;
      items?: unknown;
    } | null;
    if (saved?.u === user && Array.isArray(saved.items)) items = saved.items as OutboxItem[];
  } catch {
    items = [];
  }
  const threads: ChatThread[] = [];
  for (const item of items) {
    if (typeof item?.cid !== 'string' || typeof item.to !== 'string' || typeof item.txt !== 'string')
      continue;
    let thread = threads.find((candidate) => same(candidate.name, item.to));
    if (!thread) threads.push((thread = emptyThread(item.to)));
    thread.bubbles.push({
      key: `c${item.cid}`,
      cid: item.cid,
      mine: true,
      text: item.txt,
      time: Number(item.time) || now,
      robot: false,
      // One that was waiting when the page went away goes out again; a failed one waits for its retry.
      state: item.error ? 'failed' : 'pending',
      ...(item.error ? { error: String(item.error) } : {}),
    });
  }
  return threads;
}
