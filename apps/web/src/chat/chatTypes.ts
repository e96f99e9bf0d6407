import type {
  ChatAckFrame,
  ChatBlocksFrame,
  ChatNewFrame,
  ChatReadFrame,
  ChatRefusedFrame,
  ClientFrame,
} from '@nomadas/shared';
import type { Conversation } from '@nomadas/shared/schemas';
import type { Store } from '../app/store';
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
  /** Every message oldest first, stored or not yet (by its time): the last one is the newest. */
  bubbles: Bubble[];
  /** No older messages to fetch. */
  fin: boolean;
  novisto: number;
  /** How many of my newest stored messages they have not read yet: those get one tick, the older two. */
  sinleer: number;
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
  /**
   * GET /api/chats?u={name} answered 404: there is no such user any more (the account was deleted). False
   * for any other answer, or none.
   */
  conversationGone(name: string): Promise<boolean>;
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
  receive(frame: ChatNewFrame | ChatAckFrame | ChatRefusedFrame | ChatBlocksFrame | ChatReadFrame): void;
  /**
   * A socket opened: messages still waiting go out on it (the same cid: never stored twice), and the list is
   * fetched again for what arrived while there was none.
   */
  socketOpened(connection: number): void;
}
