import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { queueMessagePushes } from '../push/push.queries.js';

// Messages and conversations. A conversation's messages are read through the pair index
// (least(sender, recipient), greatest(sender, recipient), id desc): the same expressions below.

/**
 * Both sides of the conversation of each message in `stored` move to it; the recipient's unread count goes up.
 * The two rows are locked in key order, whoever writes: in sender-first order, ana's and blas's messages to
 * each other at the same moment would lock them crosswise and one would die of a deadlock (40P01).
 */
const moveBothSides = sql`sides as (
  insert into chat_conversations (user_id, peer_id, last_message_id, unseen)
  select user_id, peer_id, id, unseen from (
    select sender_id as user_id, recipient_id as peer_id, id, 0 as unseen from stored
    union all
    select recipient_id, sender_id, id, 1 from stored
  ) side
  order by user_id, peer_id
  on conflict (user_id, peer_id) do update set
    last_message_id = greatest(chat_conversations.last_message_id, excluded.last_message_id),
    unseen = chat_conversations.unseen + excluded.unseen
)`;

export interface SendOutcome {
  recipient_id: string;
  is_official: boolean;
  active: boolean;
  /** Either of the two blocked the other. */
  blocked: boolean;
  /**
   * They may write freely: friends, or the recipient wrote to them first or answered their request. When
   * not, nothing was stored: the message is a request (chat-requests.ts).
   */
  open: boolean;
  sender_img: string | null;
  /** The stored message; null when it was not stored (refused, or a client id already used: a resend). */
  id: string | null;
  created_at: Date | null;
  /** Pushes queued for the recipient's devices with the message (modules/push): wake their worker. */
  pushes: number;
}

export interface MessageToSend {
  senderId: string;
  username: string;
  body: string;
  clientId: string | null;
}

/**
 * A message to `username`, in one statement (one round trip, one transaction): finds the recipient, stores
 * the message only if they may receive it (activated, not oneself or the official account, no block either
 * way), the conversation is open (or `asRequest`: its request was counted) and this client id is new, and
 * moves both sides of the conversation to it; a request of the recipient's to the sender counts as
 * answered. Undefined when there is no such user; otherwise what was found and, if stored, the message.
 */
export async function sendMessageTo(
  db: Db,
  m: MessageToSend & { asRequest?: boolean },
): Promise<SendOutcome | undefined> {
  const { rows } = await sql<SendOutcome>`
    with recipient as (
      select id, is_official, activated_at is not null as active,
        (select img_profile from users sender where sender.id = ${m.senderId}::bigint) as sender_img,
        exists (select 1 from chat_blocks
          where (blocker_id = ${m.senderId}::bigint and blocked_id = users.id)
             or (blocker_id = users.id and blocked_id = ${m.senderId}::bigint)) as blocked,
        (exists (select 1 from follows where follower_id = ${m.senderId}::bigint and followed_id = users.id)
          and exists (select 1 from follows where follower_id = users.id and followed_id = ${m.senderId}::bigint))
        or exists (select 1 from chat_requests where sender_id = users.id and recipient_id = ${m.senderId}::bigint)
        or exists (select 1 from chat_requests where sender_id = ${m.senderId}::bigint and recipient_id = users.id
          and answered_at is not null) as open
      from users where username = ${m.username}
    ), stored as (
      insert into chat_messages (sender_id, recipient_id, body, client_id)
      select ${m.senderId}::bigint, id, ${m.body}, ${m.clientId} from recipient
      where id <> ${m.senderId}::bigint and active and not is_official and not blocked
        and (open or ${m.asRequest === true}::boolean)
      on conflict (sender_id, client_id) do nothing
      returning id, sender_id, recipient_id, created_at
    ), ${moveBothSides}, answered as (
      update chat_requests set answered_at = now()
      where sender_id = (select recipient_id from stored) and recipient_id = ${m.senderId}::bigint
        and answered_at is null
    ), ${queueMessagePushes}
    select recipient.id::text as recipient_id, recipient.is_official, recipient.active, recipient.blocked,
      recipient.open, recipient.sender_img, stored.id::text as id, stored.created_at,
      (select count(*)::int from pushes) as pushes
    from recipient left join stored on true`.execute(db);
  return rows[0];
}

/** A message from the official account (the welcome), once per client id; no block applies to it. */
export async function insertOfficialMessage(
  db: Db,
  m: { senderId: string; recipientId: string; body: string; clientId: string },
): Promise<void> {
  await sql`
    with stored as (
      insert into chat_messages (sender_id, recipient_id, body, client_id)
      values (${m.senderId}::bigint, ${m.recipientId}::bigint, ${m.body}, ${m.clientId})
      on conflict (sender_id, client_id) do nothing
      returning id, sender_id, recipient_id, created_at
    ), ${moveBothSides}
    select 1`.execute(db);
}

/** The message the sender already stored with this client id (a resend). */
export function findByClientId(db: Db, senderId: string, clientId: string) {
  return db
    .selectFrom('chat_messages')
    .select(['id', 'created_at', 'recipient_id', 'body'])
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** The official account (users.is_official), which writes the welcome. */
export function findOfficialAccount(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'img_profile'])
    .where('is_official', '=', true)
    .orderBy('id')
    .executeTakeFirst();
}

const conversationColumns = [
  'users.id as peer_id',
  'users.username',
  'users.img_profile',
  'users.is_official',
] as const;

/** How many of the user's messages the peer (`users`) has not seen: their side's unseen count. */
const peerUnseen = (userId: string) =>
  sql<number>`coalesce((select theirs.unseen from chat_conversations theirs
    where theirs.user_id = users.id and theirs.peer_id = ${userId}::bigint), 0)`.as('peer_unseen');

/** The user's conversations, the most recent first, with the counterpart and the blocked flag. */
export function listConversations(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('chat_conversations')
    .innerJoin('users', 'users.id', 'chat_conversations.peer_id')
    .select([
      ...conversationColumns,
      'chat_conversations.unseen',
      peerUnseen(userId),
      sql<boolean>`exists (select 1 from chat_blocks where blocker_id = chat_conversations.user_id
        and blocked_id = chat_conversations.peer_id)`.as('blocked'),
    ])
    .where('chat_conversations.user_id', '=', userId)
    .orderBy('chat_conversations.last_message_id', 'desc')
    .limit(limit)
    .execute();
}

/** The conversation with `username` (even one with no message yet); undefined if there is no such user. */
export function findConversation(db: Db, userId: string, username: string) {
  return db
    .selectFrom('users')
    .leftJoin('chat_conversations', (join) =>
      join.onRef('chat_conversations.peer_id', '=', 'users.id').on('chat_conversations.user_id', '=', userId),
    )
    .select([
      ...conversationColumns,
      sql<number>`coalesce(chat_conversations.unseen, 0)`.as('unseen'),
      peerUnseen(userId),
      sql<boolean>`exists (select 1 from chat_blocks where blocker_id = ${userId}::bigint
        and blocked_id = users.id)`.as('blocked'),
    ])
    .where('users.username', '=', username)
    .where('users.id', '<>', userId)
    .executeTakeFirst();
}

export interface MessageRow {
  peer_id: string;
  id: string;
  sender_id: string;
  body: string;
  created_at: Date;
}

/**
 * The newest `limit` messages of each conversation of `userId` with `peerIds` (older than `beforeId` when
 * given), newest first: one index scan per conversation.
 */
export async function listMessages(
  db: Db,
  userId: string,
  peerIds: string[],
  limit: number,
  beforeId?: string,
): Promise<MessageRow[]> {
  if (peerIds.length === 0) return [];
  const peers = sql.join(peerIds.map((id) => sql`(${id}::bigint)`));
  const older = beforeId === undefined ? sql`true` : sql`id < ${beforeId}::bigint`;
  const { rows } = await sql<MessageRow>`
    select p.peer_id::text as peer_id, m.id::text as id, m.sender_id::text as sender_id, m.body, m.created_at
    from (values ${peers}) as p(peer_id)
    cross join lateral (
      select id, sender_id, body, created_at from chat_messages
      where least(sender_id, recipient_id) = least(${userId}::bigint, p.peer_id)
        and greatest(sender_id, recipient_id) = greatest(${userId}::bigint, p.peer_id)
        and ${older}
      order by id desc
      limit ${limit}
    ) m
    order by p.peer_id, m.id desc`.execute(db);
  return rows;
}

/** Their messages to `userId` count as read: the conversation's unread count goes to 0. */
/** The conversation is read; answers the peer's id when something was unread (their messages got read). */
export async function markSeen(db: Db, userId: string, peerUsername: string): Promise<string | undefined> {
  const row = await db
    .updateTable('chat_conversations')
    .set({ unseen: 0 })
    .where('user_id', '=', userId)
    .where('peer_id', '=', (eb) => eb.selectFrom('users').select('id').where('username', '=', peerUsername))
    .where('unseen', '>', 0)
    .returning('peer_id')
    .executeTakeFirst();
  return row?.peer_id;
}

/** GET /api/view/nchats: the official account's conversations count as read. */
export async function markOfficialSeen(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ unseen: 0 })
    .where('user_id', '=', userId)
    .where('peer_id', 'in', (eb) => eb.selectFrom('users').select('id').where('is_official', '=', true))
    .where('unseen', '>', 0)
    .execute();
}

export async function countUnseen(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_conversations')
    .select(sql<number>`coalesce(sum(unseen), 0)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages to these users stored since `since`, oldest first: what they may have missed in an outage. */
export function listMessagesSince(db: Db, recipientIds: string[], since: Date, limit: number) {
  return db
    .selectFrom('chat_messages')
    .innerJoin('users', 'users.id', 'chat_messages.sender_id')
    .select([
      'chat_messages.id',
      'chat_messages.recipient_id',
      'chat_messages.body',
      'chat_messages.created_at',
      'users.username',
      'users.img_profile',
      'users.is_official',
    ])
    .where('chat_messages.recipient_id', 'in', recipientIds)
    .where('chat_messages.created_at', '>=', since)
    .orderBy('chat_messages.id')
    .limit(limit)
    .execute();
}
