import type { ChatMessageFields, ChatNewFrame } from '@nomadas/shared';
import type { ChatMessage, Conversation } from '@nomadas/shared/answers';
import type { MessageRow } from './chat.queries.js';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** The fields a message has everywhere (socket frames and GET /api/chats). */
export function messageFields(
  m: { id: string; body: string; created_at: Date },
  robot: boolean,
): ChatMessageFields {
  const date = new Date(m.created_at);
  return {
    id: String(m.id),
    msg: m.body,
    date: date.toISOString(),
    time: date.getTime(),
    robot: flag(robot),
  };
}

/** `{t:'c', ta:'new'}`: a message as its recipient's socket gets it. */
export function presentNewFrame(
  m: { id: string; body: string; created_at: Date },
  sender: { username: string; img: string; official: boolean },
): ChatNewFrame {
  return { t: 'c', ta: 'new', from: sender.username, img: sender.img, ...messageFields(m, sender.official) };
}

export function presentMessage(row: MessageRow, viewerId: string, peerOfficial: boolean): ChatMessage {
  const send = row.sender_id === viewerId;
  const { id, msg, date, time, robot } = messageFields(row, !send && peerOfficial);
  return { id, send, msg, date, time, robot };
}

export interface ConversationRow {
  peer_id: string;
  username: string;
  img_profile: string;
  is_official: boolean;
  unseen: number;
  peer_unseen: number;
  blocked: boolean;
}

/** A conversation with one page of messages (`rows`: up to one more than the page, newest first). */
export function presentConversation(
  row: ConversationRow,
  rows: MessageRow[],
  pageSize: number,
  viewerId: string,
): Conversation {
  return {
    name: row.username,
    img: row.img_profile,
    chats: rows.slice(0, pageSize).map((message) => presentMessage(message, viewerId, row.is_official)),
    fin: flag(rows.length <= pageSize),
    novisto: Number(row.unseen),
    sinleer: Number(row.peer_unseen),
    block: flag(row.blocked),
    robot: flag(row.is_official),
  };
}
