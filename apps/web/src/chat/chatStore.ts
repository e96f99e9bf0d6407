import {
  isChatText,
  MSG,
  type ChatAckFrame,
  type ChatBlocksFrame,
  type ChatNewFrame,
  type ChatRefusedFrame,
  type ClientFrame,
} from '@nomadas/shared';
import type { Conversation } from '@nomadas/shared/schemas';
import { createStore, type Store } from '../app/store';
import type { Clock, StorageLike } from '../session/sessionStore';

/** sent: stored (it has its id); pending: waiting for the socket or its ack; failed: refused or timed out. */
export type BubbleState = 'sent' | 'pending' | 'failed';

/** One message of a conversation as the panel shows it. */
export interface Bubble {
  /** Stable while the message goes from pending to sent (React key). */
  key: string;
  /** The stored id, once the server has it. */
  id?: string;
  /** The client id of a message written here: a resend with it is never stored twice. */
  cid?: string;
  mine: boolean;
  text: string;
  /** Epoch milliseconds: the server's time once stored, this device's before. */
  time: number;
  /** From the official account ('Mensaje oficial de {site}'). */
  robot: boolean;
  state: BubbleState;
  /** Why it failed (the server's Spanish msg). */
  error?: string;
}

/** Spec §3 "Conversation" as the panel keeps it. */
export interface ChatThread {
  name: string;
  img: string;
  /** The counterpart is the official account. */
  robot: boolean;
  /** Stored messages oldest first, then the ones not stored yet in the order they were written. */
  bubbles: Bubble[];
  /** No older messages to fetch. */
  fin: boolean;
  novisto: number;
  /** I blocked them. */
  block: boolean;
  loadingOlder: boolean;
}

export interface ChatState {
  /** The logged-in user the chat belongs to; null while logged out. */
  user: string | null;
  list: 'idle' | 'loading' | 'ready' | 'error';
  /** The most recent conversation first. */
  threads: ChatThread[];
  /** The conversation on screen (when the panel is). */
  open: string | null;
  /** Opening a conversation that is not in the list yet (a profile's 'Enviar mensaje'). */
  opening: 'loading' | 'error' | null;
  /** The panel is on screen. */
  panel: boolean;
}

export interface ChatDeps {
  socket: {
    /** Sends now, or queues until a socket opens; true when it went out now. */
    send(frame: ClientFrame): boolean;
    isOpen(): boolean;
    /** The number of the socket that is open now (see SocketClient.connection). */
    connection(): number;
    /** Something is waiting to be sent: reconnect if the socket had stopped for good (-1). */
    wake(): void;
  };
  /** GET /api/chats, or null when there was no usable answer. */
  fetchChats(): Promise<Conversation[] | null>;
  /** GET /api/chats?u={name}[&a={before}]: one conversation (older messages with `before`), or null. */
  fetchConversation(name: string, before?: string): Promise<Conversation | null>;
  /** GET /api/view/nchats: the official chats are read (spec §7). */
  markOfficialSeen(): void;
  storage: StorageLike;
  clock: Clock;
  /** A new client id (CHAT_CLIENT_ID_PATTERN). */
  newClientId(): string;
  /**
   * A message arrived: the short sound when its chat is not on screen (spec §4), and the words for screen
   * readers either way.
   */
  incoming(message: { from: string; text: string; onScreen: boolean }): void;
  isPageVisible(): boolean;
}

export interface ChatStore {
  state: Store<ChatState>;
  /** Login: this user's conversations, and the messages a reload left waiting. */
  start(user: string): void;
  /** Logout: forget everything, the outbox too. */
  stop(): void;
  /** Fetches the list again and merges it (after a reconnect: what the socket may have missed). */
  refresh(): Promise<void>;
  setPanel(open: boolean): void;
  openThread(name: string): void;
  closeThread(): void;
  /** The page is visible again: a conversation on screen is read now. */
  pageShown(): void;
  /** Sends to the open conversation; false when there is nothing valid to send. */
  send(text: string): boolean;
  retry(key: string): void;
  discard(key: string): void;
  toggleBlock(name: string): void;
  loadOlder(name: string): Promise<void>;
  /** The socket's 'c' frames. */
  receive(frame: ChatNewFrame | ChatAckFrame | ChatRefusedFrame | ChatBlocksFrame): void;
  /**
   * A socket opened: messages still waiting go out on it (the same cid: never stored twice), and the list is
   * fetched again for what arrived while there was none.
   */
  socketOpened(connection: number): void;
}

/** A message written here waiting for the socket or its ack, kept across a reload. */
interface OutboxItem {
  cid: string;
  to: string;
  txt: string;
  time: number;
  error?: string;
}

export const OUTBOX_KEY = 'chat_outbox';
/** A sent message with no ack after this is shown as failed, with its retry. */
export const ACK_TIMEOUT_MS = 15_000;

const INITIAL: ChatState = {
  user: null,
  list: 'idle',
  threads: [],
  open: null,
  opening: null,
  panel: false,
};

/** Stored ids are bigints as strings: shorter is smaller. */
function compareIds(a = '', b = ''): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function compareStored(a: Bubble, b: Bubble): number {
  return a.time - b.time || compareIds(a.id, b.id);
}

const same = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();

function bubblesOf(conversation: Conversation): Bubble[] {
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

function emptyThread(name: string, img = '', robot = false): ChatThread {
  return { name, img, robot, bubbles: [], fin: false, novisto: 0, block: false, loadingOlder: false };
}

/** Stored messages in order, without repeating an id, then the unsent ones. */
function arrange(stored: Bubble[], unsent: Bubble[]): Bubble[] {
  const byId = new Map<string, Bubble>();
  for (const bubble of stored) if (bubble.id) byId.set(bubble.id, bubble);
  return [...[...byId.values()].sort(compareStored), ...unsent];
}

/**
 * A conversation as the server sent it, merged into the one already here: unsent messages stay, a page that
 * does not reach back to what is here (a gap) replaces it.
 */
function mergeThread(existing: ChatThread | undefined, conversation: Conversation): ChatThread {
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
    block: conversation.block === 1,
  };
}

/**
 * The chat as a small state machine (spec §4 "Chat", STYLE.md §9): conversations from GET /api/chats,
 * messages written here pending until acked with their stored id (or failed, with a retry), an outbox that
 * survives a reload, 'new' frames raising the unread count and the sound unless that chat is on screen,
 * 'see' on opening, 'block' toggling and 'gblock' replacing the blocked list.
 */
export function createChatStore(deps: ChatDeps): ChatStore {
  const { socket, storage, clock } = deps;
  const state = createStore<ChatState>(INITIAL);
  /** Which socket each pending message last went out on. */
  const sentOn = new Map<string, number>();
  const ackTimers = new Map<string, unknown>();
  /** Bumped by start and stop: answers for an earlier session are dropped. */
  let generation = 0;

  const get = () => state.get();
  const patch = (next: Partial<ChatState>) => state.set((current) => ({ ...current, ...next }));

  function setThreads(update: (threads: ChatThread[]) => ChatThread[]) {
    state.set((current) => ({ ...current, threads: update(current.threads) }));
  }

  function updateThread(name: string, update: (thread: ChatThread) => ChatThread) {
    setThreads((threads) => threads.map((thread) => (same(thread.name, name) ? update(thread) : thread)));
  }

  const findThread = (name: string) => get().threads.find((thread) => same(thread.name, name));

  /** Puts the conversation first (the most recent), creating it if needed. */
  function toTop(name: string, create: () => ChatThread, update: (thread: ChatThread) => ChatThread) {
    setThreads((threads) => {
      const found = threads.find((thread) => same(thread.name, name));
      const others = threads.filter((thread) => thread !== found);
      return [update(found ?? create()), ...others];
    });
  }

  const isViewing = (name: string) => get().panel && same(name, get().open) && deps.isPageVisible();

  // ------------------------------------------------------------------ outbox (local storage)

  function persistOutbox() {
    const user = get().user;
    if (!user) return;
    const items: OutboxItem[] = [];
    for (const thread of get().threads) {
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

  function restoreOutbox(user: string): ChatThread[] {
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
        time: Number(item.time) || clock.now(),
        robot: false,
        // One that was waiting when the page went away goes out again; a failed one waits for its retry.
        state: item.error ? 'failed' : 'pending',
        ...(item.error ? { error: String(item.error) } : {}),
      });
    }
    return threads;
  }

  // ------------------------------------------------------------------ sending

  function clearAckTimer(cid: string) {
    const timer = ackTimers.get(cid);
    if (timer !== undefined) clock.clearTimeout(timer);
    ackTimers.delete(cid);
  }

  function updateBubble(cid: string, update: (bubble: Bubble, thread: ChatThread) => Bubble | null) {
    setThreads((threads) =>
      threads.map((thread) => {
        const index = thread.bubbles.findIndex((bubble) => bubble.cid === cid);
        if (index < 0) return thread;
        const next = update(thread.bubbles[index]!, thread);
        const bubbles = [...thread.bubbles];
        if (next) bubbles[index] = next;
        else bubbles.splice(index, 1);
        return { ...thread, bubbles };
      }),
    );
  }

  function fail(cid: string, error: string) {
    clearAckTimer(cid);
    sentOn.delete(cid);
    updateBubble(cid, (bubble) =>
      bubble.state === 'pending' ? { ...bubble, state: 'failed', error } : bubble,
    );
    persistOutbox();
  }

  /** Sends a pending message on the open socket, or leaves it for the next one. */
  function transmit(to: string, bubble: Bubble) {
    const cid = bubble.cid!;
    if (!socket.isOpen()) {
      socket.wake();
      return;
    }
    socket.send({ t: 'c', ta: 'send', to, txt: bubble.text, cid });
    sentOn.set(cid, socket.connection());
    clearAckTimer(cid);
    ackTimers.set(
      cid,
      clock.setTimeout(() => {
        ackTimers.delete(cid);
        fail(cid, MSG.chatSendFailed);
      }, ACK_TIMEOUT_MS),
    );
  }

  function markSeen(thread: ChatThread) {
    if (thread.robot) deps.markOfficialSeen();
    else socket.send({ t: 'c', ta: 'see', to: thread.name });
    if (thread.novisto !== 0) updateThread(thread.name, (current) => ({ ...current, novisto: 0 }));
  }

  // ------------------------------------------------------------------ frames

  function onNew(frame: ChatNewFrame) {
    const current = findThread(frame.from);
    if (current?.bubbles.some((bubble) => bubble.id === frame.id)) return; // a catch-up repeats it
    const bubble: Bubble = {
      key: `m${frame.id}`,
      id: frame.id,
      mine: false,
      text: frame.msg,
      time: frame.time,
      robot: frame.robot === 1,
      state: 'sent',
    };
    const viewing = isViewing(frame.from);
    toTop(
      frame.from,
      () => emptyThread(frame.from, frame.img, frame.robot === 1),
      (thread) => {
        const stored = thread.bubbles.filter((candidate) => candidate.state === 'sent');
        const unsent = thread.bubbles.filter((candidate) => candidate.state !== 'sent');
        return {
          ...thread,
          img: frame.img || thread.img,
          bubbles: arrange([...stored, bubble], unsent),
          novisto: viewing ? 0 : thread.novisto + 1,
        };
      },
    );
    if (viewing) socket.send({ t: 'c', ta: 'see', to: frame.from });
    deps.incoming({ from: frame.from, text: frame.msg, onScreen: viewing });
  }

  function onAck(frame: ChatAckFrame) {
    if (frame.cid) {
      clearAckTimer(frame.cid);
      sentOn.delete(frame.cid);
    }
    const stored: Bubble = {
      key: frame.cid ? `c${frame.cid}` : `m${frame.id}`,
      id: frame.id,
      cid: frame.cid,
      mine: true,
      text: frame.msg,
      time: frame.time,
      robot: false,
      state: 'sent',
    };
    // Acked (possibly after a resend, or after it was given up on): it joins the stored messages once.
    toTop(
      frame.to,
      () => emptyThread(frame.to),
      (thread) => {
        const rest = thread.bubbles.filter((bubble) => !frame.cid || bubble.cid !== frame.cid);
        return {
          ...thread,
          bubbles: arrange(
            [...rest.filter((bubble) => bubble.state === 'sent'), stored],
            rest.filter((bubble) => bubble.state !== 'sent'),
          ),
        };
      },
    );
    persistOutbox();
  }

  function onRefused(frame: ChatRefusedFrame) {
    if (frame.cid) fail(frame.cid, frame.msg);
  }

  function onBlocks(frame: ChatBlocksFrame) {
    const blocked = new Set(frame.users.map((name) => name.toLowerCase()));
    setThreads((threads) =>
      threads.map((thread) => {
        const block = blocked.has(thread.name.toLowerCase());
        return block === thread.block ? thread : { ...thread, block };
      }),
    );
  }

  // ------------------------------------------------------------------ the store

  async function refresh() {
    const mine = generation;
    const conversations = await deps.fetchChats().catch(() => null);
    if (mine !== generation) return;
    if (!conversations) {
      if (get().list !== 'ready') patch({ list: 'error' });
      return;
    }
    setThreads((threads) => {
      const merged = conversations.map((conversation) =>
        mergeThread(
          threads.find((thread) => same(thread.name, conversation.name)),
          conversation,
        ),
      );
      // Conversations the list does not carry (only unsent messages, or just opened) stay, first.
      const extra = threads.filter(
        (thread) => !conversations.some((conversation) => same(thread.name, conversation.name)),
      );
      return [...extra, ...merged];
    });
    patch({ list: 'ready' });
    const open = get().open;
    const shown = open ? findThread(open) : undefined;
    if (shown && isViewing(shown.name) && shown.novisto > 0) markSeen(shown);
  }

  function resetTimers() {
    for (const timer of ackTimers.values()) clock.clearTimeout(timer);
    ackTimers.clear();
    sentOn.clear();
  }

  return {
    state,

    start(user) {
      generation++;
      resetTimers();
      state.set({ ...INITIAL, panel: get().panel, user, list: 'loading', threads: restoreOutbox(user) });
      persistOutbox();
      void refresh();
    },

    stop() {
      generation++;
      resetTimers();
      storage.removeItem(OUTBOX_KEY);
      state.set({ ...INITIAL, panel: get().panel });
    },

    refresh,

    setPanel(open) {
      patch({ panel: open });
      const name = get().open;
      const thread = name ? findThread(name) : undefined;
      if (open && thread && thread.novisto > 0 && deps.isPageVisible()) markSeen(thread);
    },

    openThread(name) {
      const mine = generation;
      patch({ open: name, opening: null });
      const thread = findThread(name);
      // A conversation known only from messages written here still needs its picture and history.
      if (thread && (thread.fin || thread.bubbles.some((bubble) => bubble.state === 'sent'))) {
        markSeen(thread);
        return;
      }
      patch({ opening: 'loading' });
      void deps
        .fetchConversation(name)
        .catch(() => null)
        .then((conversation) => {
          if (mine !== generation || !same(name, get().open)) return;
          if (!conversation) {
            patch({ opening: 'error' });
            return;
          }
          setThreads((threads) => {
            const existing = threads.find((candidate) => same(candidate.name, conversation.name));
            const merged = mergeThread(existing, conversation);
            return existing
              ? threads.map((candidate) => (candidate === existing ? merged : candidate))
              : [merged, ...threads];
          });
          patch({ open: conversation.name, opening: null });
          markSeen(findThread(conversation.name)!);
        });
    },

    closeThread() {
      patch({ open: null, opening: null });
    },

    pageShown() {
      const name = get().open;
      const thread = name ? findThread(name) : undefined;
      if (thread && get().panel && thread.novisto > 0) markSeen(thread);
    },

    send(text) {
      const name = get().open;
      const thread = name ? findThread(name) : undefined;
      if (!get().user || !thread || thread.block || thread.robot || !isChatText(text)) return false;
      const cid = deps.newClientId();
      const bubble: Bubble = {
        key: `c${cid}`,
        cid,
        mine: true,
        text,
        time: clock.now(),
        robot: false,
        state: 'pending',
      };
      toTop(
        thread.name,
        () => thread,
        (current) => ({ ...current, bubbles: [...current.bubbles, bubble] }),
      );
      persistOutbox();
      transmit(thread.name, bubble);
      return true;
    },

    retry(key) {
      for (const thread of get().threads) {
        const bubble = thread.bubbles.find((candidate) => candidate.key === key);
        if (!bubble?.cid || bubble.state !== 'failed') continue;
        const again: Bubble = { ...bubble, state: 'pending', error: undefined };
        updateBubble(bubble.cid, () => again);
        persistOutbox();
        transmit(thread.name, again);
        return;
      }
    },

    discard(key) {
      setThreads((threads) =>
        threads.map((thread) =>
          thread.bubbles.some((bubble) => bubble.key === key && bubble.state === 'failed')
            ? { ...thread, bubbles: thread.bubbles.filter((bubble) => bubble.key !== key) }
            : thread,
        ),
      );
      persistOutbox();
    },

    toggleBlock(name) {
      const thread = findThread(name);
      if (!thread || thread.robot) return;
      // The flag turns at once (spec §4); the 'gblock' answer then says what the server holds.
      updateThread(name, (current) => ({ ...current, block: !current.block }));
      socket.send({ t: 'c', ta: 'block', to: thread.name });
    },

    async loadOlder(name) {
      const thread = findThread(name);
      if (!thread || thread.fin || thread.loadingOlder) return;
      const mine = generation;
      const oldest = thread.bubbles.find((bubble) => bubble.state === 'sent')?.id;
      updateThread(name, (current) => ({ ...current, loadingOlder: true }));
      const page = await deps.fetchConversation(thread.name, oldest).catch(() => null);
      if (mine !== generation) return;
      updateThread(name, (current) => {
        if (!page) return { ...current, loadingOlder: false };
        const stored = current.bubbles.filter((bubble) => bubble.state === 'sent');
        const unsent = current.bubbles.filter((bubble) => bubble.state !== 'sent');
        return {
          ...current,
          bubbles: arrange([...bubblesOf(page), ...stored], unsent),
          fin: page.fin === 1,
          loadingOlder: false,
        };
      });
    },

    receive(frame) {
      if (!get().user) return;
      switch (frame.ta) {
        case 'new':
          return onNew(frame);
        case 'ack':
          return onAck(frame);
        case 'ko':
          return onRefused(frame);
        case 'gblock':
          return onBlocks(frame);
      }
    },

    socketOpened(connection) {
      if (!get().user) return;
      for (const thread of get().threads) {
        for (const bubble of thread.bubbles) {
          if (bubble.state === 'pending' && bubble.cid && sentOn.get(bubble.cid) !== connection)
            transmit(thread.name, bubble);
        }
      }
      // Messages stored while there was no socket (before this one, or between two) are in the list.
      void refresh();
    },
  };
}

/** Every conversation's unread messages together: the trigger's and the header's count. */
export function unreadTotal(state: ChatState): number {
  return state.threads.reduce((sum, thread) => sum + thread.novisto, 0);
}
