import { SOCKET_CLOSE_NO_RETRY, SOCKET_CLOSE_OTHER_TAB } from './constants.js';
import { hasVisibleText, textLength } from './text.js';

// The chat socket's protocol (spec §7 "WebSocket", §8 close codes) and the events the app's instances tell
// each other, typed once for both ends. Free of zod: the frames' schemas are in realtime-frames.ts.

/**
 * `/ws?d=…&t=…` closes with this for a missing, reused or expired ticket, and an open socket when its session
 * ends (logout, password change, expiry): the client must not retry.
 */
export const WS_CLOSE_BAD_TICKET = SOCKET_CLOSE_NO_RETRY;
/** A newer socket of the same user took over (another tab): the client shows 'o_pest' and stops. */
export const WS_CLOSE_REPLACED = SOCKET_CLOSE_OTHER_TAB;
/** Standard codes the server also closes with (the client retries on these, spec §4). */
export const WS_CLOSE_GOING_AWAY = 1001;
export const WS_CLOSE_POLICY = 1008;
export const WS_CLOSE_TOO_BIG = 1009;

/** The path of the socket, and how long the ticket of POST /api/connectws may wait before it is used. */
export const WS_PATH = '/ws';
export const WS_TICKET_TTL_S = 30;
/** A chat message, a surrogate pair counting as one character (spec §5: and at least one that is not space). */
export const CHAT_TEXT_MAX = 2000;
/** A chat message the server stores: a visible character, at most CHAT_TEXT_MAX (the browser checks the same). */
export function isChatText(text: string): boolean {
  return hasVisibleText(text) && textLength(text) <= CHAT_TEXT_MAX;
}
/** GET /api/chats: messages per conversation page (newest first) and how many conversations at most. */
export const CHAT_PAGE_DEFAULT = 30;
export const CHAT_PAGE_MAX = 100;
export const CHAT_CONVERSATIONS_MAX = 100;
/** A frame larger than this closes that socket (1009); a chat message of CHAT_TEXT_MAX fits with room to spare. */
export const WS_FRAME_MAX_BYTES = 64 * 1024;
/** DESIGN.md §6: frames a user may send per second (times RATE_LIMIT_FACTOR); past it they are dropped. */
export const WS_FRAMES_PER_SECOND = 20;
/** Messages one may send to someone who is not a friend before they answer (modules/chat, chat-requests.ts). */
export const CHAT_REQUEST_MESSAGES_MAX = 3;
/** A client id (`cid`) of a chat message: what the browser makes up so a resend is not stored twice. */
export const CHAT_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// ---------------------------------------------------------------- frames the browser sends

/** Spec §7 `{t:'c', ta:'send', to, txt}` plus `cid`: a resend with the same `cid` is acknowledged, never stored twice. */
export interface ChatSendFrame {
  t: 'c';
  ta: 'send';
  /** The recipient's username. */
  to: string;
  txt: string;
  cid?: string;
}
/** Opening a conversation: its messages from `to` count as read (novisto 0). */
export interface ChatSeeFrame {
  t: 'c';
  ta: 'see';
  to: string;
}
/** Blocks `to`, or unblocks them when already blocked; answered with `gblock`. */
export interface ChatBlockFrame {
  t: 'c';
  ta: 'block';
  to: string;
}
/**
 * Spec §7 map position (already obfuscated by the browser, DESIGN.md §6); type 0 wipes it, 1 shows it to
 * friends, 2 to every registered user (mapConstants.ts). `until` (epoch ms) ends the sharing by itself; the
 * server caps it at 24 h and takes 1 h when it is missing.
 */
export interface MapPositionFrame {
  t: 'm';
  ta: 'pos';
  lng: number;
  lat: number;
  type: number;
  until?: number;
}
/**
 * The area the map shows, `[west, south, east, north]` in degrees (west > east when it crosses the
 * antimeridian), or null once the map is closed: positions shared with everybody reach a socket only while
 * they are in its area (or just left it); a friend's always do. Sent again on every new socket.
 */
export interface MapViewFrame {
  t: 'm';
  ta: 'view';
  b: [number, number, number, number] | null;
}
/** Spec §7 `{t:'au', data, token}`: the `data` and `token` of a follow answer's `wsm` (a friendship change). */
export interface FriendUpdateFrame {
  t: 'au';
  data: { username: string; img: string };
  token: string;
}
export type ClientFrame =
  ChatSendFrame | ChatSeeFrame | ChatBlockFrame | MapPositionFrame | MapViewFrame | FriendUpdateFrame;

// ---------------------------------------------------------------- frames the server sends

/** A chat message as both the socket and GET /api/chats carry it. */
export interface ChatMessageFields {
  /** The stored id (bigint as a string). */
  id: string;
  msg: string;
  /** When it was stored, ISO 8601. */
  date: string;
  /** The same instant in epoch milliseconds: the browser shows HH:MM and 'D de {mes}' in its own time zone. */
  time: number;
  /** 1: sent by the product's official account ('Mensaje oficial de {site}'). */
  robot: 0 | 1;
}
/** Spec §7 `{t:'c', ta:'new', from, msg, img}`: a message for you. */
export interface ChatNewFrame extends ChatMessageFields {
  t: 'c';
  ta: 'new';
  /** The sender's username and profile image ('' when none). */
  from: string;
  img: string;
}
/** Your `send` was stored: `id` is its id, `cid` the client id you gave (absent if you gave none). */
export interface ChatAckFrame extends ChatMessageFields {
  t: 'c';
  ta: 'ack';
  to: string;
  cid?: string;
}
/**
 * Your `send` was refused and not stored: 'blocked' (you blocked them or they blocked you), 'text' (no
 * visible character or too long), 'user' (no such user, yourself, or the official account), 'rate' (too many
 * frames: retry in a moment), 'request' (to someone who is not a friend and has not answered: the
 * CHAT_REQUEST_MESSAGES_MAX already sent, or too many new people today), 'error' (the server could not
 * store it: retry later). `msg` is the Spanish text.
 */
export interface ChatRefusedFrame {
  t: 'c';
  ta: 'ko';
  to: string;
  cid?: string;
  why: ChatRefusal;
  msg: string;
}
export const CHAT_REFUSALS = ['blocked', 'text', 'user', 'rate', 'request', 'error'] as const;
export type ChatRefusal = (typeof CHAT_REFUSALS)[number];
/**
 * `by` opened the conversation with you: every message you sent them is read (two ticks). Not in the spec,
 * which has the 'see' that causes it.
 */
export interface ChatReadFrame {
  t: 'c';
  ta: 'read';
  by: string;
}
/** Spec §7 `{t:'c', ta:'gblock', users}`: the whole list of usernames you have blocked, after each change. */
export interface ChatBlocksFrame {
  t: 'c';
  ta: 'gblock';
  users: string[];
}
/** Spec §7 `{t:'fr', ta, u, i}`: 'a' add `u` (image `i`) to your friends, 'd' remove them. Idempotent. */
export interface FriendFrame {
  t: 'fr';
  ta: 'a' | 'd';
  u: string;
  i: string;
}
/** Spec §7 t 'm': someone's shared position (obfuscated); type 0 means they stopped sharing it. */
export interface MapFrame {
  t: 'm';
  ta: 'pos';
  u: string;
  i: string;
  lng: number;
  lat: number;
  type: number;
}
/** The header's pending-notification badge (GET /api/notifications_nv's count), pushed when one arrives. */
export interface BadgeFrame {
  t: 'n';
  n: number;
}
export type ServerFrame =
  | ChatNewFrame
  | ChatAckFrame
  | ChatRefusedFrame
  | ChatBlocksFrame
  | ChatReadFrame
  | FriendFrame
  | MapFrame
  | BadgeFrame;

// ---------------------------------------------------------------- events between the app's instances

/** A user as the events name them: id (bigint as a string), username and profile image. */
export interface RealtimeUser {
  id: string;
  username: string;
  img: string;
}

/**
 * Every pub/sub event, by channel. Published after the commit; each instance delivers to the sockets it
 * holds. The two older string channels keep their names and JSON shapes ('notifications:new',
 * 'friends:changed'), so their publishers and this map speak the same wire format.
 */
export interface RealtimeEventMap {
  /** A stored chat message for user `to` (id). */
  'chat:new': { to: string; frame: ChatNewFrame };
  /** User `to` (id) changed whom they block: every socket of theirs gets the whole list. */
  'chat:blocks': { to: string; frame: ChatBlocksFrame };
  /** User `to` (id): the messages they sent to `frame.by` are read. */
  'chat:read': { to: string; frame: ChatReadFrame };
  /** `users[0]` made or broke a friendship with `users[1]`; both get a `fr` frame about the other. */
  'friends:changed': { ta: 'a' | 'd'; users: [RealtimeUser, RealtimeUser] };
  /**
   * User `userId` has `pending` unseen notifications, as counted by a query started at `countedAt` (epoch
   * ms): a later count wins over an earlier one that arrives after it.
   */
  'notifications:new': { userId: string; pending: number; countedAt: number };
  /** A shared position for the users in `to` (ids). */
  'map:pos': { to: string[]; frame: MapFrame };
  /**
   * A position shared with every registered user: each instance gives it to its sockets whose map shows
   * the point or `was` (where it was before: its move away, or its wipe), but those of the users in
   * `except` (ids: its sender, and whoever blocked them or was blocked by them).
   */
  'map:all': { except: string[]; frame: MapFrame; was?: { lat: number; lng: number } };
  /** User `blocker` (id) has just blocked `blocked`: whatever each could see of the other goes. */
  'chat:blocked': { blocker: string; blocked: string };
  /**
   * User `user` opened socket `socket` at `at` (epoch ms): any older socket of theirs, on any instance,
   * closes with 3000 (of two opened at once, the later `at`, then the greater id, stays).
   */
  'socket:open': { user: string; socket: string; at: number };

  // What a write changed, announced after its commit (events.announce). Named for what happened, not for
  // a cache: each instance's caches hear them and decide what to forget (STYLE.md 14).

  /**
   * Post `postId` by `authorId` was published, edited or deleted, reported by `by` (reports may hide it),
   * shown again or removed by a moderator: lists, their order and their hashtags moved.
   */
  'post:changed': {
    postId: string;
    authorId: string;
    by: string;
    what: 'published' | 'edited' | 'deleted' | 'reported' | 'restored' | 'removed';
  };
  /** `by` liked post `postId`, commented on it, deleted a comment of it or liked one: its counts moved. */
  'post:reacted': {
    postId: string;
    by: string;
    what: 'liked' | 'commented' | 'uncommented' | 'comment-liked';
  };
  /** `by` followed or unfollowed `userId`. */
  'user:followed': { by: string; userId: string };
  /** The LPG price import wrote the prices of `stations` stations (and maybe added places): every box may move. */
  'places:repriced': { stations: number };
  /** Account `userId` was activated (it can be found), changed its picture or description, or was deleted. */
  'account:changed': { userId: string; what: 'activated' | 'profile' | 'deleted' };
  /** The channel of `ownerId` (one each) was created, edited, given a new image or deleted. */
  'channel:changed': { ownerId: string };
  /**
   * Map place `placeId` at `lat`, `lng` was added, confirmed (or approved), reviewed, removed, or its room was
   * reported (place-status): the points of the boxes holding it moved.
   */
  'place:changed': {
    placeId: string;
    lat: number;
    lng: number;
    what: 'added' | 'confirmed' | 'reviewed' | 'removed' | 'reported';
  };
}
export type RealtimeEventName = keyof RealtimeEventMap;

// ---------------------------------------------------------------- frames on the wire: base64 of JSON

type NodeBuffer = {
  from(data: string, encoding: 'utf8' | 'base64'): { toString(encoding: 'utf8' | 'base64'): string };
};
const NodeBufferClass = (globalThis as { Buffer?: NodeBuffer }).Buffer;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Made on first use: a module-level instance would be a side effect that keeps this file in every bundle.
let utf8: { decode(bytes: Uint8Array): string } | undefined;

function toBase64(text: string): string {
  if (NodeBufferClass) return NodeBufferClass.from(text, 'utf8').toString('base64');
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  utf8 ??= new TextDecoder('utf-8', { fatal: true });
  return utf8.decode(bytes);
}

/** A frame as it travels: base64 of its JSON (UTF-8). */
export function encodeFrame(frame: ClientFrame | ServerFrame): string {
  return toBase64(JSON.stringify(frame));
}

/**
 * The JSON value a frame carries, or undefined when it is not base64 of UTF-8 JSON. Not yet a frame:
 * check it with the schemas of realtime-frames.ts (the server) or by its `t` (the browser).
 */
export function decodeFrame(encoded: string): unknown {
  if (!BASE64.test(encoded)) return undefined;
  try {
    return JSON.parse(fromBase64(encoded)) as unknown;
  } catch {
    return undefined;
  }
}
