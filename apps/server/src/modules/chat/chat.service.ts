import {
  CHAT_CONVERSATIONS_MAX,
  isChatText,
  MSG,
  officialWelcomeMessage,
  type ChatAckFrame,
  type ChatRefusal,
  type ChatRefusedFrame,
  type ChatSendFrame,
} from '@nomadas/shared';
import type { ChatsSeen, Conversation } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import * as blocks from './chat-blocks.queries.js';
import { sendRequest } from './chat-requests.js';
import * as q from './chat.queries.js';
import { messageFields, presentConversation, presentNewFrame } from './chat.presenter.js';

/** The user a socket belongs to, as the chat needs them. */
export interface ChatUser {
  userId: string;
  username: string;
}

/** Messages that an outage may have kept from a socket are sent again for this long before it went down. */
const CATCH_UP_MARGIN_MS = 2_000;
const CATCH_UP_MAX = 1_000;

export function refusal(frame: ChatSendFrame, why: ChatRefusal, msg: string): ChatRefusedFrame {
  return { t: 'c', ta: 'ko', to: frame.to, ...(frame.cid ? { cid: frame.cid } : {}), why, msg };
}

function ack(frame: ChatSendFrame, stored: { id: string; body: string; created_at: Date }): ChatAckFrame {
  return {
    t: 'c',
    ta: 'ack',
    to: frame.to,
    ...(frame.cid ? { cid: frame.cid } : {}),
    ...messageFields(stored, false),
  };
}

/**
 * `{t:'c', ta:'send'}`: stored first (one statement, one round trip), then sent to the recipient's socket wherever it is,
 * after the commit; the answer for the sender's socket is the ack with the stored id, or the refusal. A
 * resend with the same `cid` is acknowledged with the message stored the first time, never stored again.
 * A message to someone who is not a friend and has not written back is a request, counted (chat-requests.ts).
 */
export async function sendMessage(
  ctx: AppContext,
  sender: ChatUser,
  frame: ChatSendFrame,
): Promise<ChatAckFrame | ChatRefusedFrame> {
  if (!isChatText(frame.txt)) return refusal(frame, 'text', MSG.chatTextInvalid);
  const message = {
    senderId: sender.userId,
    username: frame.to.toLowerCase(),
    body: frame.txt,
    clientId: frame.cid ?? null,
  };
  const outcome = await q.sendMessageTo(ctx.db, message);
  if (!outcome || outcome.recipient_id === sender.userId || outcome.is_official || !outcome.active) {
    return refusal(frame, 'user', MSG.chatUserUnknown);
  }
  if (outcome.blocked) return refusal(frame, 'blocked', MSG.chatBlocked);
  let pushes = outcome.pushes;
  let stored =
    outcome.id !== null && outcome.created_at !== null
      ? { id: outcome.id, created_at: outcome.created_at }
      : undefined;
  if (!stored) {
    // Not stored although allowed: this client id was used before, or the message is a request.
    const earlier = frame.cid ? await q.findByClientId(ctx.db, sender.userId, frame.cid) : undefined;
    // A resend is acknowledged with what the first send stored; a client id reused for someone else is an error.
    if (earlier) {
      return earlier.recipient_id === outcome.recipient_id
        ? ack(frame, earlier)
        : refusal(frame, 'error', MSG.chatSendFailed);
    }
    const requested = outcome.open ? undefined : await sendRequest(ctx, message, outcome.recipient_id);
    if (typeof requested === 'string') return refusal(frame, 'request', requested);
    if (!requested?.id || !requested.created_at) return refusal(frame, 'error', MSG.chatSendFailed);
    stored = { id: requested.id, created_at: requested.created_at };
    pushes = requested.pushes;
  }
  // The recipient's devices, told by their push worker (modules/push).
  if (pushes > 0) ctx.pushJobs.wake();
  const sent = { id: stored.id, created_at: stored.created_at, body: frame.txt };
  ctx.realtime.toUser('chat:new', {
    to: outcome.recipient_id,
    frame: presentNewFrame(sent, {
      username: sender.username,
      img: outcome.sender_img ?? '',
      official: false,
    }),
  });
  return ack(frame, sent);
}

/** `{t:'c', ta:'see'}`: the conversation with `to` is read, and `to` is told (their messages get two ticks). */
export async function seeConversation(ctx: AppContext, user: ChatUser, to: string): Promise<void> {
  const peerId = await q.markSeen(ctx.db, user.userId, to.toLowerCase());
  if (peerId)
    ctx.realtime.toUser('chat:read', { to: peerId, frame: { t: 'c', ta: 'read', by: user.username } });
}

/**
 * `{t:'c', ta:'block'}`: blocks `to`, or unblocks them when blocked, then sends the whole blocked list
 * (`gblock`) to the blocker's socket wherever it is. Someone who does not exist, yourself or the official
 * account cannot be blocked: the list is sent unchanged.
 */
export async function toggleBlock(ctx: AppContext, user: ChatUser, to: string): Promise<void> {
  const peer = await blocks.findPeer(ctx.db, to.toLowerCase());
  if (peer && peer.id !== user.userId && !peer.is_official) {
    const added = await ctx.db.transaction().execute(async (trx) => {
      // Of two racing toggles the primary key decides; each still flips the state it found.
      if (await blocks.removeBlock(trx, user.userId, peer.id)) return false;
      return blocks.addBlock(trx, user.userId, peer.id);
    });
    // What they saw of each other goes (the map's shared positions), on every instance.
    if (added) ctx.realtime.events.publishSoon('chat:blocked', { blocker: user.userId, blocked: peer.id });
  }
  const users = await blocks.listBlockedUsernames(ctx.db, user.userId);
  ctx.realtime.toUser('chat:blocks', { to: user.userId, frame: { t: 'c', ta: 'gblock', users } });
}

/**
 * GET /api/chats: the conversations, most recent first, each with its newest page of messages; with `u`
 * only the conversation with them, and with `a` its messages older than message `a`.
 */
export async function listChats(
  ctx: AppContext,
  viewer: Viewer,
  query: { u?: string | undefined; a?: string | undefined; l: number },
): Promise<Conversation[]> {
  if (query.a !== undefined && query.u === undefined) throw badRequest();
  const conversations = query.u
    ? [await q.findConversation(ctx.db, viewer.id, query.u.toLowerCase())]
    : await q.listConversations(ctx.db, viewer.id, CHAT_CONVERSATIONS_MAX);
  if (conversations[0] === undefined && query.u) throw notFound();
  const found = conversations.filter((row) => row !== undefined);
  const peers = found.map((row) => row.peer_id);
  const messages = await q.listMessages(ctx.db, viewer.id, peers, query.l + 1, query.a);
  return found.map((row) =>
    presentConversation(
      row,
      messages.filter((message) => message.peer_id === row.peer_id),
      query.l,
      viewer.id,
    ),
  );
}

/** GET /api/view/nchats: the official chats are read; answers how many unread messages are left. */
export async function markOfficialChatsSeen(ctx: AppContext, viewer: Viewer): Promise<ChatsSeen> {
  await q.markOfficialSeen(ctx.db, viewer.id);
  return { novisto: await q.countUnseen(ctx.db, viewer.id) };
}

/**
 * The official account's welcome to a newly activated user, written in the activation's transaction so it
 * is never lost; once per account (its client id names the account: client ids are unique per sender).
 */
export async function writeWelcome(
  trx: Db,
  userId: string,
  site: { siteName: string; publicUrl: string; guideTitle: string },
): Promise<void> {
  const official = await q.findOfficialAccount(trx);
  if (!official || official.id === userId) return;
  await q.insertOfficialMessage(trx, {
    senderId: official.id,
    recipientId: userId,
    body: officialWelcomeMessage(site.siteName, { title: site.guideTitle, url: `${site.publicUrl}/guia` }),
    clientId: `welcome-${userId}`,
  });
}

/**
 * After this instance could not hear the others since `downSince`: the messages stored meanwhile for the
 * sockets it holds are sent again (a client ignores an id it already has).
 */
export async function catchUp(ctx: AppContext, downSince: Date): Promise<void> {
  const users = [...ctx.realtime.hub.connections()].map((connection) => connection.userId);
  const since = new Date(downSince.getTime() - CATCH_UP_MARGIN_MS);
  for (let start = 0; start < users.length; start += 500) {
    const rows = await q.listMessagesSince(ctx.db, users.slice(start, start + 500), since, CATCH_UP_MAX);
    for (const row of rows) {
      ctx.realtime.hub.deliver(
        row.recipient_id,
        presentNewFrame(row, { username: row.username, img: row.img_profile, official: row.is_official }),
      );
    }
  }
}
