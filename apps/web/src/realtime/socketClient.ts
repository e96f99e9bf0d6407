import {
  decodeFrame,
  encodeFrame,
  SOCKET_MAX_RETRIES,
  SOCKET_RETRY_STEP_MS,
  WS_CLOSE_BAD_TICKET,
  WS_CLOSE_REPLACED,
  WS_PATH,
  type BadgeFrame,
  type ChatAckFrame,
  type ChatBlocksFrame,
  type ChatReadFrame,
  type ChatNewFrame,
  type ChatRefusedFrame,
  type ClientFrame,
  type FriendFrame,
  type MapFrame,
} from '@nomadas/shared';
import type { SocketTicket } from '@nomadas/shared/schemas';
import { createStore, type Store } from '../app/store';
import { createEmitter, type Emitter } from '../session/events';
import type { Clock } from '../session/sessionStore';

/** Spec §4 "Chat socket": none, connecting or open. */
export type SocketStatus = 'none' | 'connecting' | 'open';

export interface SocketState {
  status: SocketStatus;
  /**
   * Retries so far (0..5, counted until a socket opens); -1 stopped for good (3002, or the retries ran out);
   * -2 closed by the server because another tab took the chat (3000).
   */
  reconnect: number;
}

/** Spec §4: the value of `reconnect` once it has stopped. */
export const RECONNECT_STOPPED = -1;
export const RECONNECT_OTHER_TAB = -2;

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Spec §4: the map hears this when the server closed the socket for another tab (3000). */
export interface OtherTabNotice {
  t: 'm';
  ta: 'o_pest';
}

/** The server's frames, fanned out by their type. */
export type SocketEventMap = {
  chat: ChatNewFrame | ChatAckFrame | ChatRefusedFrame | ChatBlocksFrame | ChatReadFrame;
  friend: FriendFrame;
  map: MapFrame | OtherTabNotice;
  badge: BadgeFrame;
  /** A socket opened; `connection` counts them from 1 (above 1: a reconnect, frames may have been missed). */
  open: { connection: number };
};

export interface SocketClientDeps {
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** POST /api/connectws: a fresh single-use ticket, or null when there was no usable answer. */
  fetchTicket(): Promise<SocketTicket | null>;
  /** Opens `/ws?d=…&t=…` with that ticket. */
  openSocket(ticket: SocketTicket): SocketLike;
}

export interface SocketClient {
  state: Store<SocketState>;
  events: Emitter<SocketEventMap>;
  /** Connects (again), counting retries from zero: at login, or to take the chat back after a stop. */
  connect(): void;
  /** Closes for good and forgets queued frames: at logout. */
  close(): void;
  /** Sends now when open; otherwise queues the frame until a socket opens. True when it went out now. */
  send(frame: ClientFrame): boolean;
  isOpen(): boolean;
  /** How many sockets have opened so far (the current one's number while open). */
  connection(): number;
}

/** Frames kept while there is no socket; past this the oldest go (chat messages have their own outbox). */
const QUEUE_MAX = 200;

const INITIAL: SocketState = { status: 'none', reconnect: 0 };

/**
 * The one owner of the chat socket (spec §4, §8, §9, STYLE.md §9). Every attempt asks for a fresh ticket;
 * close 3002 stops (-1), 3000 tells the map 'o_pest' and stops (-2), any other close (or no ticket) retries
 * up to 5 times, waiting 5 s × the attempt's number. Time and the socket itself are injected, so a test
 * drives every transition without waiting.
 */
export function createSocketClient(deps: SocketClientDeps): SocketClient {
  const { clock } = deps;
  const state = createStore<SocketState>(INITIAL);
  const events = createEmitter<SocketEventMap>();
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  /** Bumped by every attempt and by close(): answers and callbacks of an older attempt are ignored. */
  let attempt = 0;
  let opened = 0;
  let queue: ClientFrame[] = [];

  const set = (patch: Partial<SocketState>) => state.set((current) => ({ ...current, ...patch }));

  function clearTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function detach(current: SocketLike) {
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
  }

  function dispatch(data: unknown) {
    if (typeof data !== 'string') return;
    const frame = decodeFrame(data) as { t?: unknown } | undefined;
    if (!frame || typeof frame !== 'object') return;
    // Frames of a newer server this client does not know are ignored.
    switch (frame.t) {
      case 'c':
        return events.emit('chat', frame as SocketEventMap['chat']);
      case 'fr':
        return events.emit('friend', frame as FriendFrame);
      case 'm':
        return events.emit('map', frame as MapFrame);
      case 'n':
        return events.emit('badge', frame as BadgeFrame);
    }
  }

  function retryLater() {
    const tries = state.get().reconnect;
    if (tries >= SOCKET_MAX_RETRIES || tries < 0) {
      set({ status: 'none', reconnect: RECONNECT_STOPPED });
      return;
    }
    const next = tries + 1;
    set({ status: 'none', reconnect: next });
    timer = clock.setTimeout(() => {
      timer = null;
      open();
    }, SOCKET_RETRY_STEP_MS * next);
  }

  function onClosed(code: number) {
    socket = null;
    if (code === WS_CLOSE_BAD_TICKET) {
      set({ status: 'none', reconnect: RECONNECT_STOPPED });
    } else if (code === WS_CLOSE_REPLACED) {
      set({ status: 'none', reconnect: RECONNECT_OTHER_TAB });
      events.emit('map', { t: 'm', ta: 'o_pest' });
    } else {
      retryLater();
    }
  }

  function open() {
    const mine = ++attempt;
    set({ status: 'connecting' });
    void deps
      .fetchTicket()
      .catch(() => null)
      .then((ticket) => {
        if (mine !== attempt) return;
        if (!ticket) {
          retryLater();
          return;
        }
        let current: SocketLike;
        try {
          current = deps.openSocket(ticket);
        } catch {
          retryLater();
          return;
        }
        socket = current;
        current.onopen = () => {
          if (mine !== attempt) return;
          opened++;
          set({ status: 'open', reconnect: 0 });
          const waiting = queue;
          queue = [];
          for (const frame of waiting) current.send(encodeFrame(frame));
          events.emit('open', { connection: opened });
        };
        current.onmessage = (event) => {
          if (mine === attempt) dispatch(event.data);
        };
        current.onclose = (event) => {
          detach(current);
          if (mine === attempt) onClosed(event.code);
        };
        // An error is always followed by a close, which decides what happens next.
        current.onerror = () => {};
      });
  }

  function shut() {
    attempt++;
    clearTimer();
    if (socket) {
      const current = socket;
      socket = null;
      detach(current);
      current.close(1000, 'logout');
    }
  }

  return {
    state,
    events,
    connect() {
      const { status } = state.get();
      if (status !== 'none') return;
      clearTimer();
      set({ reconnect: 0 });
      open();
    },
    close() {
      shut();
      queue = [];
      state.set(INITIAL);
    },
    send(frame) {
      if (socket && state.get().status === 'open') {
        socket.send(encodeFrame(frame));
        return true;
      }
      queue.push(frame);
      if (queue.length > QUEUE_MAX) queue.splice(0, queue.length - QUEUE_MAX);
      return false;
    },
    isOpen: () => state.get().status === 'open',
    connection: () => opened,
  };
}

/** `/ws?d=…&t=…` on this page's own host, wss on https. */
export function socketUrl(ticket: SocketTicket, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = `d=${encodeURIComponent(ticket.data)}&t=${encodeURIComponent(ticket.token)}`;
  return `${scheme}://${location.host}${WS_PATH}?${query}`;
}
