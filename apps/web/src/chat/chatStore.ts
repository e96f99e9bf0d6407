import {
  isChatText,
  MSG,
  type ChatAckFrame,
  type ChatBlocksFrame,
  type ChatNewFrame,
  type ChatReadFrame,
  type ChatRefusedFrame,
} from '@nomadas/shared';
import { createStore } from '../app/store';
import { loadOutbox, OUTBOX_KEY, saveOutbox } from './chatOutbox';
import { arrange, bubblesOf, emptyThread, mergeThread, same } from './chatThreads';
import type { Conversation } from '@nomadas/shared/schemas';
import type { Bubble, ChatState, ChatStore, ChatThread, ChatDeps } from './chatTypes';

export { OUTBOX_KEY } from './chatOutbox';
export type { Bubble, ChatState, ChatThread } from './chatTypes';

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

  function persistOutbox() {
    const user = get().user;
    if (user) saveOutbox(storage, user, get().threads);
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
        const repeat = thread.bubbles.some((bubble) => bubble.id === frame.id);
        return {
          ...thread,
          // Stored now and not read yet: one tick until they open the conversation.
          sinleer: repeat ? thread.sinleer : thread.sinleer + 1,
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

  function onRead(frame: ChatReadFrame) {
    updateThread(frame.by, (thread) => (thread.sinleer === 0 ? thread : { ...thread, sinleer: 0 }));
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
    void dropGoneConversations(mine, conversations);
    const open = get().open;
    const shown = open ? findThread(open) : undefined;
    if (shown && isViewing(shown.name) && shown.novisto > 0) markSeen(shown);
  }

  /**
   * A conversation the list no longer carries that holds only failed messages (refused while blocked, then the
   * other account was deleted) would keep them forever: when the server says that user is gone, it goes.
   */
  async function dropGoneConversations(mine: number, conversations: Conversation[]) {
    const stranded = get().threads.filter(
      (thread) =>
        !conversations.some((conversation) => same(thread.name, conversation.name)) &&
        thread.bubbles.length > 0 &&
        thread.bubbles.every((bubble) => bubble.state === 'failed'),
    );
    for (const thread of stranded) {
      if (!(await deps.conversationGone(thread.name).catch(() => false)) || mine !== generation) continue;
      setThreads((threads) => threads.filter((candidate) => !same(candidate.name, thread.name)));
      if (same(thread.name, get().open)) patch({ open: null, opening: null });
      persistOutbox();
    }
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
      state.set({
        ...INITIAL,
        panel: get().panel,
        user,
        list: 'loading',
        threads: loadOutbox(storage, user, clock.now()),
      });
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
        // Sent again now: it moves to where it is written, the newest.
        const again: Bubble = { ...bubble, state: 'pending', error: undefined, time: clock.now() };
        updateThread(thread.name, (current) => {
          const others = current.bubbles.filter((candidate) => candidate.cid !== bubble.cid);
          return {
            ...current,
            bubbles: arrange(
              others.filter((candidate) => candidate.state === 'sent'),
              [...others.filter((candidate) => candidate.state !== 'sent'), again],
            ),
          };
        });
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
        case 'read':
          return onRead(frame);
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
